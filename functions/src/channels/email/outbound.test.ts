import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { ChannelSendError } from '../adapter.ts';
import { sendEmail } from './adapter.ts';
import type { ComposedEmail, OutboundEmail } from './outbound.ts';
import { replySubject } from './quoting.ts';
import { smtpError } from './smtp-transport.ts';
import { type EmailTransport, sesError, sesTransport } from './transport.ts';

const options = {
  timeZone: 'America/Sao_Paulo',
  date: new Date('2025-11-21T16:10:00.000Z'),
  messageId: '<reply-1@empresa.com.br>',
};

const reply: OutboundEmail = {
  from: { address: 'suporte@empresa.com.br', name: 'Suporte Empresa' },
  to: [{ address: 'ana.lima@cliente.com.br', name: 'Ana Lima' }],
  text: 'Olá Ana, o pedido sai para entrega hoje.',
  attachments: [
    { fileName: 'rastreio.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 x') },
  ],
  replyTo: {
    messageId: '<CAJ8x1Yq-reply-2@mail.gmail.com>',
    references: ['<CAJ8x1Yq3mZ0p+Ab@mail.gmail.com>', '<0100019aa1-sent-1@email.amazonses.com>'],
    subject: 'Pedido 4471 atrasado',
    quoted: {
      text: 'Meu pedido 4471 ainda não chegou.\nPodem verificar?',
      sentAt: new Date('2025-11-21T13:02:05.000Z'),
      author: 'Ana Lima <ana.lima@cliente.com.br>',
    },
  },
};

/** A transport that keeps what it was given, as a test double of SES or SMTP. */
function recordingTransport() {
  const sent: ComposedEmail[] = [];
  const transport: EmailTransport = {
    send: async (email) => {
      sent.push(email);
      return { messageId: email.messageId };
    },
  };
  return { sent, transport };
}

describe('composing a reply', () => {
  it('threads, quotes and attaches, and the result parses back', async () => {
    const { sent, transport } = recordingTransport();
    const result = await sendEmail(reply, transport, options);
    expect(result).toEqual({ providerMessageId: '<reply-1@empresa.com.br>' });
    expect(sent[0]?.envelope).toEqual({ from: 'suporte@empresa.com.br', to: ['ana.lima@cliente.com.br'] });

    const parsed = await simpleParser(sent[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Re: Pedido 4471 atrasado');
    expect(parsed.messageId).toBe('<reply-1@empresa.com.br>');
    expect(parsed.inReplyTo).toBe('<CAJ8x1Yq-reply-2@mail.gmail.com>');
    expect(parsed.references).toEqual([
      '<CAJ8x1Yq3mZ0p+Ab@mail.gmail.com>',
      '<0100019aa1-sent-1@email.amazonses.com>',
      '<CAJ8x1Yq-reply-2@mail.gmail.com>',
    ]);
    expect(parsed.text).toBe(
      'Olá Ana, o pedido sai para entrega hoje.\n\n' +
        'Em 21/11/2025 10:02, Ana Lima <ana.lima@cliente.com.br> escreveu:\n' +
        '> Meu pedido 4471 ainda não chegou.\n> Podem verificar?\n',
    );
    expect(parsed.html).toContain('<blockquote');
    expect(parsed.html).toContain('Ana Lima &lt;ana.lima@cliente.com.br&gt; escreveu:');
    expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ['rastreio.pdf', 'application/pdf'],
    ]);
    expect(parsed.attachments[0]?.content.toString()).toBe('%PDF-1.4 x');
  });

  it('writes a first message without threading headers', async () => {
    const { sent, transport } = recordingTransport();
    await sendEmail(
      { ...reply, replyTo: undefined, subject: 'Seu pedido', attachments: [] },
      transport,
      options,
    );
    const parsed = await simpleParser(sent[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Seu pedido');
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.references).toBeUndefined();
    expect(parsed.text?.trim()).toBe('Olá Ana, o pedido sai para entrega hoje.');
  });

  it('adds Re: once, whatever client prefixed the subject', () => {
    expect(replySubject('Pedido')).toBe('Re: Pedido');
    expect(replySubject('RE: Pedido')).toBe('RE: Pedido');
    expect(replySubject('Res: Pedido')).toBe('Res: Pedido');
    expect(replySubject(undefined)).toBe('Re:');
  });

  it('refuses a message without recipient or with too large attachments before sending', async () => {
    const { sent, transport } = recordingTransport();
    await expect(sendEmail({ ...reply, to: [] }, transport, options)).rejects.toMatchObject({
      code: 'unsupported_message',
    });
    const huge = { fileName: 'big.bin', content: new Uint8Array(26 * 1024 * 1024) };
    await expect(sendEmail({ ...reply, attachments: [huge] }, transport, options)).rejects.toMatchObject({
      code: 'unsupported_message',
    });
    expect(sent).toEqual([]);
  });
});

describe('SES transport', () => {
  it('sends the raw MIME with SendEmail and answers the Message-ID SES gives it', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: '0100019ab-ses-1' });
    const transport = sesTransport(new SESv2Client({ region: 'sa-east-1' }), {
      region: 'sa-east-1',
      configurationSetName: 'atende',
    });
    const result = await sendEmail(reply, transport, options);
    expect(result).toEqual({ providerMessageId: '<0100019ab-ses-1@sa-east-1.amazonses.com>' });
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      FromEmailAddress: 'suporte@empresa.com.br',
      Destination: { ToAddresses: ['ana.lima@cliente.com.br'] },
      ConfigurationSetName: 'atende',
    });
    const raw = input?.Content?.Raw?.Data ?? new Uint8Array();
    expect((await simpleParser(Buffer.from(raw))).inReplyTo).toBe('<CAJ8x1Yq-reply-2@mail.gmail.com>');
    ses.restore();
  });

  it('maps throttling to a retryable error and a rejected message to a final one', () => {
    const throttled = Object.assign(new Error('Maximum sending rate exceeded.'), {
      name: 'TooManyRequestsException',
    });
    const rejected = Object.assign(new Error('Email address is not verified.'), {
      name: 'MessageRejected',
      $metadata: { httpStatusCode: 400 },
    });
    const paused = Object.assign(new Error('Sending paused'), { name: 'SendingPausedException' });
    const outage = Object.assign(new Error('Service Unavailable'), {
      name: 'InternalFailure',
      $metadata: { httpStatusCode: 503 },
    });
    expect(sesError(throttled)).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 1,
    });
    expect(sesError(rejected)).toMatchObject({
      code: 'invalid_request',
      retryable: false,
      providerCode: 'MessageRejected',
    });
    expect(sesError(paused)).toMatchObject({ code: 'auth_failed', retryable: false });
    expect(sesError(outage)).toMatchObject({ code: 'provider_unavailable', retryable: true });
  });
});

describe('SMTP error mapping', () => {
  it('retries transient replies and connection failures, not unknown mailboxes or bad logins', () => {
    expect(smtpError({ responseCode: 451, message: '451 try again' })).toMatchObject({ retryable: true });
    expect(smtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
    expect(smtpError({ responseCode: 550, message: '550 no such user' })).toMatchObject({
      code: 'recipient_unavailable',
      retryable: false,
    });
    expect(smtpError({ code: 'EAUTH', responseCode: 535, message: 'bad login' })).toBeInstanceOf(
      ChannelSendError,
    );
    expect(smtpError({ code: 'EAUTH', responseCode: 535, message: 'bad login' })).toMatchObject({
      code: 'auth_failed',
    });
  });
});
