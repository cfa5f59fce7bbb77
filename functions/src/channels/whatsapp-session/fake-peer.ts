import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { DeliveryStatus } from '@atende/shared/channels/inbound';
import {
  newWhatsappMessageId,
  type SessionConnector,
  type SessionContext,
  type SessionDriver,
  type SessionEvent,
  type SessionOutbound,
} from './connector.ts';

/** What the fake link keeps in the auth store: the phone it belongs to and the device's secret. */
const fakeCreds = z.object({ phone: z.string(), device: z.string() });

export interface FakeSentMessage {
  integrationId: string;
  id: string;
  from: string;
  message: SessionOutbound;
  at: string;
}

export interface FakeSessionInfo {
  companyId: string;
  integrationId: string;
  state: 'idle' | 'connecting' | 'qr' | 'open' | 'closed';
  phone?: string | undefined;
  qr?: string | undefined;
}

export interface FakeInbound {
  /** The business side: the integration id or its linked phone. */
  to: string;
  from: string;
  name?: string | undefined;
  text?: string | undefined;
  media?: {
    kind: 'image' | 'audio' | 'video' | 'doc';
    mimeType: string;
    fileName: string;
    bytes: Uint8Array;
  };
  /** WhatsApp's id of the message; a new one when absent (pass the same one to play a redelivery). */
  id?: string | undefined;
}

class FakeConnector implements SessionConnector {
  state: FakeSessionInfo['state'] = 'idle';
  phone: string | undefined;
  qr: string | undefined;

  constructor(
    private readonly network: FakeWhatsappNetwork,
    readonly context: SessionContext,
  ) {}

  emit(event: SessionEvent): void {
    if (event.type === 'connecting' || event.type === 'qr' || event.type === 'open') this.state = event.type;
    if (event.type === 'close') this.state = 'closed';
    // Sockets answer later than the call that caused them; so does the fake.
    setImmediate(() => this.context.onEvent(event));
  }

  async connect(): Promise<void> {
    this.emit({ type: 'connecting' });
    const stored = await this.context.auth.readCreds();
    const creds = stored ? fakeCreds.safeParse(JSON.parse(stored)) : undefined;
    if (creds?.success && this.network.isLinked(creds.data.device, creds.data.phone)) {
      this.phone = creds.data.phone;
      this.qr = undefined;
      this.emit({ type: 'open', phone: creds.data.phone });
      return;
    }
    this.qr = `fake-wa:${this.context.integrationId}:${randomBytes(6).toString('hex')}`;
    this.emit({ type: 'qr', qr: this.qr });
  }

  /** The phone scanned this connector's QR: the link is stored as a real driver would store it. */
  async link(phone: string): Promise<void> {
    const device = this.network.addDevice(phone);
    await this.context.auth.writeCreds(JSON.stringify({ phone, device }));
    await this.context.auth.writeKeys([{ type: 'session', id: `${phone}.0`, value: device }]);
    this.phone = phone;
    this.qr = undefined;
    this.emit({ type: 'open', phone });
  }

  async send(message: SessionOutbound, messageId: string): Promise<{ providerMessageId: string }> {
    if (this.state !== 'open' || !this.phone) throw new Error('whatsapp session is not connected');
    this.network.recordSent({
      integrationId: this.context.integrationId,
      id: messageId,
      from: this.phone,
      message,
      at: new Date().toISOString(),
    });
    this.emit({ type: 'status', update: { id: messageId, status: 'sent', at: new Date() } });
    return { providerMessageId: messageId };
  }

  async logout(): Promise<void> {
    if (this.phone) this.network.removeDevices(this.phone);
    await this.context.auth.clear();
    this.phone = undefined;
    this.emit({ type: 'close', reason: 'logged-out' });
  }

  async end(): Promise<void> {
    this.state = 'closed';
    this.network.forget(this);
  }
}

/**
 * A stand-in for WhatsApp's servers and the customers' phones: connectors of the tests and of the local
 * sandbox link by "scanning" their QR code, then the network plays customers writing to the business,
 * acknowledges what the business sent, drops connections and unlinks devices on demand.
 */
export class FakeWhatsappNetwork {
  private readonly connectors = new Map<string, FakeConnector>();
  /** Device → phone of links made here; links this network never saw (a restarted sandbox) are trusted. */
  private readonly devices = new Map<string, string>();
  private readonly revoked = new Set<string>();
  private readonly sentMessages: FakeSentMessage[] = [];

  readonly driver: SessionDriver = (context) => {
    const connector = new FakeConnector(this, context);
    this.connectors.set(context.integrationId, connector);
    return connector;
  };

  isLinked(device: string, phone: string): boolean {
    if (this.revoked.has(device)) return false;
    const owner = this.devices.get(device);
    return owner === undefined || owner === phone;
  }

  addDevice(phone: string): string {
    const device = randomBytes(16).toString('hex');
    this.devices.set(device, phone);
    return device;
  }

  removeDevices(phone: string): void {
    for (const [device, owner] of this.devices) if (owner === phone) this.revoked.add(device);
  }

  recordSent(message: FakeSentMessage): void {
    this.sentMessages.push(message);
  }

  forget(connector: FakeConnector): void {
    if (this.connectors.get(connector.context.integrationId) === connector) {
      this.connectors.delete(connector.context.integrationId);
    }
  }

  sessions(): FakeSessionInfo[] {
    return [...this.connectors.values()].map((connector) => ({
      companyId: connector.context.companyId,
      integrationId: connector.context.integrationId,
      state: connector.state,
      phone: connector.phone,
      qr: connector.qr,
    }));
  }

  private find(target: string): FakeConnector {
    const connector =
      this.connectors.get(target) ??
      [...this.connectors.values()].find(
        (candidate) => candidate.qr === target || (candidate.phone === target && candidate.state === 'open'),
      );
    if (!connector) throw new Error(`no WhatsApp session for '${target}'`);
    return connector;
  }

  /** The phone `phone` scans the QR code `qrOrIntegration` shows (the QR text or the integration id). */
  async scan(qrOrIntegration: string, phone: string): Promise<void> {
    const connector = this.find(qrOrIntegration);
    if (connector.state !== 'qr') throw new Error('that session is not showing a QR code');
    await connector.link(phone);
  }

  /** A customer writes to the business; answers WhatsApp's id of the message. */
  customerSends(input: FakeInbound): string {
    const connector = this.find(input.to);
    if (connector.state !== 'open') throw new Error('that session is not connected');
    const id = input.id ?? newWhatsappMessageId(randomBytes);
    const media = input.media;
    connector.emit({
      type: 'message',
      message: {
        id,
        from: input.from,
        pushName: input.name,
        text: input.text,
        media: media && {
          kind: media.kind,
          mimeType: media.mimeType,
          fileName: media.fileName,
          download: async () => media.bytes,
        },
        sentAt: new Date(),
      },
    });
    return id;
  }

  /** The customer's phone reports a delivery status of a message the business sent. */
  acknowledge(messageId: string, status: DeliveryStatus): void {
    const sent = this.sentMessages.find((message) => message.id === messageId);
    if (!sent) throw new Error(`no sent message '${messageId}'`);
    this.find(sent.integrationId).emit({ type: 'status', update: { id: messageId, status, at: new Date() } });
  }

  /** The socket drops (network trouble); the stored link stays valid. */
  dropConnection(integrationId: string): void {
    this.find(integrationId).emit({ type: 'close', reason: 'connection-lost' });
  }

  /** The phone removes the linked device: the stored link stops working. */
  unlinkFromPhone(integrationId: string): void {
    const connector = this.find(integrationId);
    if (connector.phone) this.removeDevices(connector.phone);
    connector.emit({ type: 'close', reason: 'logged-out' });
  }

  sent(integrationId?: string): FakeSentMessage[] {
    return this.sentMessages.filter((message) => !integrationId || message.integrationId === integrationId);
  }
}
