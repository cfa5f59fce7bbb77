import { DELIVERY_STATUSES } from '@atende/shared/channels/inbound';
import type { FakeWhatsappNetwork } from '@atende/functions/channels/whatsapp-session/fake-peer';
import * as z from 'zod';

/**
 * The unofficial WhatsApp's stand-in, under `{sandbox}/whatsapp-session/...`: the local runtime's session
 * worker runs on a FakeWhatsappNetwork, and these routes let a developer (or the CLI) play the company's
 * phone (scan the QR shown on the channels page) and the customers (write, read what the business sent,
 * acknowledge it), or break the link (drop the connection, unlink the device).
 */
export const WHATSAPP_SESSION_MOUNT = 'whatsapp-session';

const scanBody = z.object({ target: z.string().min(1), phone: z.string().regex(/^\d{8,15}$/) });
const inboundBody = z.object({
  to: z.string().min(1),
  from: z.string().regex(/^\d{8,15}$/),
  text: z.string().min(1),
  name: z.string().optional(),
  id: z.string().optional(),
});
const ackBody = z.object({ id: z.string().min(1), status: z.enum(DELIVERY_STATUSES) });
const targetBody = z.object({ integrationId: z.string().min(1) });

export interface SessionAnswer {
  status: number;
  body: unknown;
}

export async function handleWhatsappSession(
  network: FakeWhatsappNetwork,
  method: string,
  path: string,
  body: unknown,
): Promise<SessionAnswer> {
  try {
    switch (`${method} ${path}`) {
      case 'GET /sessions':
        return { status: 200, body: network.sessions() };
      case 'GET /sent':
        return { status: 200, body: network.sent() };
      case 'POST /scan': {
        const { target, phone } = scanBody.parse(body);
        await network.scan(target, phone);
        return { status: 200, body: { linked: phone } };
      }
      case 'POST /inbound': {
        const input = inboundBody.parse(body);
        return { status: 200, body: { id: network.customerSends(input) } };
      }
      case 'POST /ack': {
        const { id, status } = ackBody.parse(body);
        network.acknowledge(id, status);
        return { status: 200, body: { id, status } };
      }
      case 'POST /drop':
        network.dropConnection(targetBody.parse(body).integrationId);
        return { status: 200, body: { dropped: true } };
      case 'POST /unlink':
        network.unlinkFromPhone(targetBody.parse(body).integrationId);
        return { status: 200, body: { unlinked: true } };
      default:
        return { status: 404, body: { error: `unknown route ${method} ${path}` } };
    }
  } catch (error) {
    return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}
