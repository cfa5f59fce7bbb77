import { readFileSync } from 'node:fs';
import { GetObjectCommand, type GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { sendCustomerMedia } from '@atende/shared/contracts/messages/send-customer-media';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { handler as conversations } from '../../conversations/handler.ts';
import { findByProviderId, findMessage, getMessage } from '../../conversations/message-store.ts';
import { mediaPrefix } from '../../lib/media-keys.ts';
import { handler as messages } from '../../messages/handler.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import {
  consume,
  createProviderIntegration,
  takeEnqueued,
  useWebhookEnvironment,
} from '../../webhooks/test-webhooks.ts';
import { ChannelSendError } from '../adapter.ts';
import { ingestEmail } from './ingest.ts';
import type { ComposedEmail } from './outbound.ts';
import { setEmailTransport } from './environment-transport.ts';
import { drainEmailQueue, queuedEmails, redeliverEmails } from './test-email-queue.ts';

vi.mock('../../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    publishToRoom: vi.fn(async () => ({ delivered: 0 })),
    publishToEmployee: vi.fn(async () => ({ delivered: 0 })),
  };
});

const s3 = mockClient(S3Client);
const sent: ComposedEmail[] = [];
let tenant: Tenant;
let mailbox: ProviderIntegrationView;
let mails = 0;
const recording = {
  async send(email: ComposedEmail) {
    sent.push(email);
    return { messageId: email.messageId };
  },
};

beforeAll(async () => {
  useWebhookEnvironment();
  await useTestTables();
  tenant = await createTenant();
  mailbox = await createProviderIntegration(tenant.admin.token, {
    type: 'email',
    label: 'Loja Suporte',
    email: 'suporte@loja.example',
  });
  setEmailTransport(recording);
});

afterAll(() => setEmailTransport());

beforeEach(() => {
  s3.reset();
  sent.length = 0;
});

interface CustomerMail {
  from: string;
  name: string;
  messageId: string;
  subject: string;
  text: string;
  inReplyTo?: string;
  references?: string[];
}

const raw = (mail: CustomerMail) =>
  Buffer.from(
    [
      `From: ${mail.name} <${mail.from}>`,
      'To: suporte@loja.example',
      `Subject: ${mail.subject}`,
      `Message-ID: ${mail.messageId}`,
      ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`] : []),
      ...(mail.references ? [`References: ${mail.references.join(' ')}`] : []),
      'Date: Fri, 21 Nov 2025 10:02:05 -0300',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      mail.text,
      '',
    ].join('\r\n'),
  );

/** The customer's e-mail reaches the mailbox (as SES or the local SMTP server hands it over) and the inbox. */
async function customerWrites(mail: CustomerMail): Promise<string> {
  const result = await ingestEmail(raw(mail), ['suporte@loja.example'], new Date());
  expect(result.enqueued).toBe(1);
  await consume(takeEnqueued());
  const ref = await findByProviderId(tenant.companyId, mailbox._id, mail.messageId);
  if (!ref) throw new Error(`customer e-mail ${mail.messageId} not stored`);
  return ref.conversation;
}

async function servedBy(chatId: string) {
  const taken = await callRoute(conversations, assignConversation, {
    token: tenant.operator.token,
    params: { id: chatId },
  });
  expect(taken.status).toBe(200);
}

/** The message as stored now (its status after the e-mail consumer ran). */
async function stored(messageId: string) {
  const ref = await findMessage(tenant.companyId, messageId);
  return ref ? getMessage(tenant.companyId, ref.conversation, ref.sequence) : undefined;
}

/** The operator answers: the API queues the e-mail (pending), the e-mail consumer sends it. */
const answer = async (chatId: string, message: string) => {
  const response = await callRoute(messages, sendCustomerMessage, {
    token: tenant.operator.token,
    params: { chatId },
    body: { sent_by: 'operator', message, operator: tenant.operator.id, channel: 'email' },
  });
  const view = response.body as MessageView;
  expect(view.status).toBe('pending');
  expect((await drainEmailQueue()).batchItemFailures).toEqual([]);
  return { ...view, status: (await stored(view._id))?.status };
};

const firstMail = (): CustomerMail => {
  mails += 1;
  return {
    from: `cliente${mails}@cliente.example`,
    name: 'Ana Lima',
    messageId: `<pedido-${mails}@cliente.example>`,
    subject: 'Pedido 4471 atrasado',
    text: 'Meu pedido 4471 ainda não chegou.\nPodem verificar?',
  };
};

describe('e-mail sender', () => {
  it('answers as a reply: threading headers, one Re:, the quoted e-mail in text and HTML', async () => {
    const mail = firstMail();
    const chatId = await customerWrites(mail);
    await servedBy(chatId);
    const message = await answer(chatId, 'Olá Ana, já verificamos: chega amanhã.');
    expect(message.status).toBe('sent');

    expect(sent).toHaveLength(1);
    expect(sent[0]?.envelope).toEqual({ from: 'suporte@loja.example', to: [mail.from] });
    const parsed = await simpleParser(sent[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.from?.value[0]).toMatchObject({ address: 'suporte@loja.example', name: 'Loja Suporte' });
    expect(parsed.subject).toBe('Re: Pedido 4471 atrasado');
    expect(parsed.inReplyTo).toBe(mail.messageId);
    expect(parsed.references).toBe(mail.messageId);
    expect(parsed.text).toContain('Olá Ana, já verificamos: chega amanhã.');
    expect(parsed.text).toContain(`Em 21/11/2025 10:02, Ana Lima <${mail.from}> escreveu:`);
    expect(parsed.text).toContain('> Meu pedido 4471 ainda não chegou.\n> Podem verificar?');
    expect(parsed.html).toContain('<blockquote');
    expect(parsed.html).toContain('Meu pedido 4471 ainda não chegou.<br>Podem verificar?');
  });

  it("stores the sent Message-ID, so the customer's reply threads back and the next answer extends the chain", async () => {
    const mail = firstMail();
    const chatId = await customerWrites(mail);
    await servedBy(chatId);
    const first = await answer(chatId, 'Pode confirmar o CEP?');
    const ours = sent[0]?.messageId ?? '';
    expect(ours).toMatch(/^<.+@loja\.example>$/);
    const link = await findByProviderId(tenant.companyId, mailbox._id, ours);
    expect(link).toMatchObject({ conversation: chatId });
    expect(await getMessage(tenant.companyId, chatId, link?.sequence ?? 0)).toMatchObject({
      _id: first._id,
      provider_message_id: ours,
    });

    const reply: CustomerMail = {
      ...mail,
      messageId: `<resposta-${mails}@cliente.example>`,
      subject: 'RE: Pedido 4471 atrasado',
      text: `O CEP é 60000-000.\n\nEm 21/11/2025 10:05, Loja Suporte escreveu:\n> Pode confirmar o CEP?`,
      inReplyTo: ours,
      references: [mail.messageId, ours],
    };
    expect(await customerWrites(reply)).toBe(chatId);

    await answer(chatId, 'Obrigado, anotado.');
    const parsed = await simpleParser(sent[1]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('RE: Pedido 4471 atrasado');
    expect(parsed.inReplyTo).toBe(reply.messageId);
    expect(parsed.references).toEqual([mail.messageId, ours, reply.messageId]);
    expect(parsed.text).toContain('> O CEP é 60000-000.');
    expect(parsed.text).not.toContain('> > Pode confirmar');
  });

  it("answers an e-mail whose last part is an attachment with the e-mail's own id and its text quoted", async () => {
    const raw = readFileSync(new URL('./fixtures/with-attachment.eml', import.meta.url));
    const result = await ingestEmail(raw, ['suporte@loja.example'], new Date());
    expect(result.enqueued).toBeGreaterThan(1);
    await consume(takeEnqueued());
    const ref = await findByProviderId(tenant.companyId, mailbox._id, '<attach-001@cliente.com.br>');
    const chatId = ref?.conversation ?? '';
    await servedBy(chatId);
    await answer(chatId, 'Recebemos o comprovante.');
    const parsed = await simpleParser(sent[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Re: Comprovante');
    expect(parsed.inReplyTo).toBe('<attach-001@cliente.com.br>');
    expect(parsed.text).toContain('> Segue o comprovante e a foto da caixa.');
  });

  it('attaches the file an operator sends, read from the media bucket', async () => {
    const chatId = await customerWrites(firstMail());
    await servedBy(chatId);
    const bytes = Buffer.from('89504e47 etiqueta de troca');
    const key = `${mediaPrefix(tenant.companyId, chatId)}etiqueta.png`;
    s3.on(GetObjectCommand, { Key: key }).resolves({
      ContentType: 'image/png',
      Body: { transformToByteArray: async () => new Uint8Array(bytes) } as GetObjectCommandOutput['Body'],
    });
    const response = await callRoute(messages, sendCustomerMedia, {
      token: tenant.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: { file_name: 'etiqueta-troca.png', file_type: 'image', file_path: key },
        operator: tenant.operator.id,
        channel: 'email',
      },
    });
    expect(response.body).toMatchObject({ status: 'pending' });
    expect((await drainEmailQueue()).batchItemFailures).toEqual([]);
    expect(await stored((response.body as MessageView)._id)).toMatchObject({ status: 'sent' });
    const parsed = await simpleParser(sent[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Re: Pedido 4471 atrasado');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'etiqueta-troca.png',
      contentType: 'image/png',
    });
    expect(parsed.attachments[0]?.content.toString()).toBe(bytes.toString());
  });

  it('leaves the message failed and resendable when the file cannot be read', async () => {
    const chatId = await customerWrites(firstMail());
    await servedBy(chatId);
    s3.on(GetObjectCommand).rejects(new Error('NoSuchKey'));
    const response = await callRoute(messages, sendCustomerMedia, {
      token: tenant.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: {
          file_name: 'sumiu.png',
          file_type: 'image',
          file_path: `${mediaPrefix(tenant.companyId, chatId)}sumiu.png`,
        },
        operator: tenant.operator.id,
        channel: 'email',
      },
    });
    const id = (response.body as MessageView)._id;
    const commands = queuedEmails();
    expect(commands).toHaveLength(1);
    // Reading the file is retried by the queue; its last attempt leaves the message failed.
    expect((await drainEmailQueue()).batchItemFailures).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'pending' });
    expect((await redeliverEmails(commands, 5)).batchItemFailures).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'failed', error: { code: 'provider_unavailable' } });
    expect(sent).toHaveLength(0);
  });

  it('sends a redelivered command once, and reports an SES refusal as failed at once', async () => {
    const chatId = await customerWrites(firstMail());
    await servedBy(chatId);
    const first = await answer(chatId, 'Uma vez só.');
    expect(first.status).toBe('sent');
    expect(sent).toHaveLength(1);
    const again = {
      kind: 'message' as const,
      companyId: tenant.companyId,
      conversationId: chatId,
      messageId: first._id,
      integrationId: mailbox._id,
    };
    expect((await redeliverEmails([again])).batchItemFailures).toEqual([]);
    expect(sent).toHaveLength(1);

    setEmailTransport({
      async send() {
        throw new ChannelSendError({ code: 'invalid_request', message: 'MessageRejected', retryable: false });
      },
    });
    try {
      const refused = await answer(chatId, 'Recusada.');
      expect(refused.status).toBe('failed');
      expect(await stored(refused._id)).toMatchObject({ error: { code: 'invalid_request' } });
    } finally {
      setEmailTransport(recording);
    }
  });
});
