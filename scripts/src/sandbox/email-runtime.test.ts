import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import {
  type AdminClient,
  adminClient,
  confirmedMailboxChannel,
  eventually,
  standInWebRoot,
} from '../testing/runtime-client.ts';
import type { ReceivedMail } from './smtp-sink.ts';

let runtime: TestRuntime;
let client: AdminClient;

beforeAll(async () => {
  // A stand-in build: the web app is not needed to carry e-mail.
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  client = await adminClient(runtime);
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const api = (path: string, body?: unknown) => client.api(path, body);

const mailTo = (address: string, count: number) => () => {
  const mails = runtime.sandbox.mail().filter((mail) => mail.envelope.to.includes(address));
  return mails.length >= count ? mails : undefined;
};

describe('e-mail through the local runtime', () => {
  it('threads the customer e-mail, the operator answer in the SMTP sink and the reply in one conversation', async () => {
    // The address receives once the code mailed to it is confirmed.
    const integrationId = await confirmedMailboxChannel(runtime, client.token, {
      label: 'Atendimento',
      email: 'atendimento@loja.example',
    });

    const customer = 'joana@cliente.example';
    const first = await runtime.sandbox.postInbound({
      channel: 'email',
      smtp: runtime.sandbox.smtp,
      mailbox: 'atendimento@loja.example',
      from: customer,
      name: 'Joana Prado',
      subject: 'Nota fiscal',
      text: 'Preciso da segunda via da nota.',
    });
    if (!('messageId' in first)) throw new Error('expected an e-mail message id');

    type Listed = { _id: string; integration: string };
    const conversation = await eventually(async () => {
      const listed = await api('/conversations?tab=all');
      const { items } = (await listed.json()) as { items: Listed[] };
      return items.find((item) => item.integration === integrationId);
    });
    expect((await api(`/conversations/${conversation._id}/assign`, {})).status).toBe(200);
    const answered = await api(`/messages/customer/${conversation._id}/send`, {
      sent_by: 'operator',
      message: 'Segue em anexo ainda hoje.',
      operator: client.adminId,
      channel: 'email',
    });
    // Queued for the e-mail consumer, which the runtime polls like every queue: pending until it sends.
    expect(await answered.json()).toMatchObject({ status: 'pending' });

    const [answer] = await eventually(mailTo(customer, 1));
    expect(answer).toMatchObject<Partial<ReceivedMail>>({
      from: 'atendimento@loja.example',
      subject: 'Re: Nota fiscal',
      inReplyTo: first.messageId,
      references: [first.messageId],
    });
    expect(answer?.text).toContain('Joana Prado <joana@cliente.example> escreveu:');
    expect(answer?.text).toContain('> Preciso da segunda via da nota.');

    await runtime.sandbox.postInbound({
      channel: 'email',
      smtp: runtime.sandbox.smtp,
      mailbox: 'atendimento@loja.example',
      from: customer,
      name: 'Joana Prado',
      subject: 'Re: Nota fiscal',
      text: 'Obrigada!',
      inReplyTo: answer?.messageId,
      references: [first.messageId, answer?.messageId ?? ''],
    });
    type Message = { content: string; sent_by: string; status: string };
    const messages = await eventually(async () => {
      const listed = await api(`/conversations/${conversation._id}/messages`);
      const { items } = (await listed.json()) as { items: Message[] };
      return items.some((item) => item.content === 'Obrigada!') ? items : undefined;
    });
    // Newest first: the reply landed in the conversation the answer was sent from.
    expect(messages.map((message) => [message.sent_by, message.content])).toEqual([
      ['customer', 'Obrigada!'],
      ['operator', 'Segue em anexo ainda hoje.'],
      ['customer', 'Preciso da segunda via da nota.'],
    ]);
    expect(messages.find((message) => message.sent_by === 'operator')?.status).toBe('sent');
  }, 120_000);
});
