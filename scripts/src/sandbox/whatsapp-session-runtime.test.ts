import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { type AdminClient, adminClient, eventually, standInWebRoot } from '../testing/runtime-client.ts';

let runtime: TestRuntime;
let client: AdminClient;

async function signIn() {
  client = await adminClient(runtime);
}

beforeAll(async () => {
  // A stand-in build: the web app is not needed to carry WhatsApp messages.
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  await signIn();
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const api = (path: string, body?: unknown) => client.api(path, body);

/** What the CLI does: the sandbox's fake WhatsApp over HTTP. */
const sandbox = async (path: string, body?: unknown) => {
  const response = await fetch(`${runtime.sandbox.url}/whatsapp-session/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

type Session = { state: string; qr?: string; phone?: string };
const sessionIn = (integrationId: string, state: string) => async () => {
  const session = (await (await api(`/integrations/channels/${integrationId}/session`)).json()) as Session;
  return session.state === state ? session : undefined;
};

describe('unofficial WhatsApp through the local runtime', () => {
  it('links by QR, carries messages both ways, and survives a restart without a new QR', async () => {
    const created = await api('/integrations/channels', { type: 'unofficial', label: 'Loja Centro' });
    expect(created.status).toBe(201);
    const { _id: integrationId } = (await created.json()) as { _id: string };
    expect((await api(`/integrations/channels/${integrationId}/connect`, {})).status).toBe(202);
    const { qr = '' } = await eventually(sessionIn(integrationId, 'qr'));
    expect(await sandbox('scan', { target: qr, phone: '558530003000' })).toMatchObject({ status: 200 });
    await eventually(sessionIn(integrationId, 'open'));

    expect(
      await sandbox('inbound', {
        to: '558530003000',
        from: '5585911112222',
        name: 'Rita',
        text: 'Vocês abrem hoje?',
      }),
    ).toMatchObject({ status: 200 });
    type Listed = { _id: string; integration: string };
    const conversation = await eventually(async () => {
      const { items } = (await (await api('/conversations?tab=all')).json()) as { items: Listed[] };
      return items.find((item) => item.integration === integrationId);
    });
    expect((await api(`/conversations/${conversation._id}/assign`, {})).status).toBe(200);
    const answered = await api(`/messages/customer/${conversation._id}/send`, {
      sent_by: 'operator',
      message: 'Abrimos às 9h!',
      operator: client.adminId,
      channel: 'whatsapp',
    });
    expect(answered.status).toBe(201);
    type Sent = { from: string; message: { to: string; text?: string } };
    const [sent] = await eventually(async () => {
      const { body } = await sandbox('sent');
      const mine = (body as Sent[]).filter((item) => item.message.text === 'Abrimos às 9h!');
      return mine.length > 0 ? mine : undefined;
    });
    expect(sent).toMatchObject({ from: '558530003000', message: { to: '5585911112222' } });

    runtime = await runtime.restart();
    await signIn();
    await eventually(sessionIn(integrationId, 'open'));
    const sessions = (await sandbox('sessions')).body as Array<{ integrationId: string; qr?: string }>;
    expect(sessions.find((item) => item.integrationId === integrationId)?.qr).toBeUndefined();
  }, 120_000);
});
