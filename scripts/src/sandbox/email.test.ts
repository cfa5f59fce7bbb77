import { sendEmail } from '@atende/functions/channels/email/adapter';
import { parseInboundEmail } from '@atende/functions/channels/email/inbound';
import { smtpTransport } from '@atende/functions/channels/email/smtp-transport';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postInbound } from './inbound.ts';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

let sandbox: ProviderSandbox;
const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f6071a' };

beforeAll(async () => {
  sandbox = await createProviderSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

describe('e-mail through the sandbox SMTP sink', () => {
  it('receives an operator reply with its threading headers, quote and attachment', async () => {
    const transport = smtpTransport({ host: sandbox.smtp.host, port: sandbox.smtp.port });
    const { providerMessageId } = await sendEmail(
      {
        from: { address: 'suporte@empresa.com.br', name: 'Suporte Empresa' },
        to: [{ address: 'ana.lima@cliente.com.br', name: 'Ana Lima' }],
        text: 'Olá Ana, segue o rastreio.',
        attachments: [
          { fileName: 'rastreio.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
        ],
        replyTo: {
          messageId: '<CAJ8-2@mail.gmail.com>',
          references: ['<CAJ8-1@mail.gmail.com>'],
          subject: 'Pedido 4471',
          quoted: {
            text: 'Cadê meu pedido?',
            sentAt: new Date('2025-11-21T13:02:00Z'),
            author: 'Ana Lima <ana.lima@cliente.com.br>',
          },
        },
      },
      transport,
      { timeZone: 'America/Sao_Paulo' },
    );
    const [mail] = sandbox.mail();
    expect(mail).toMatchObject({
      envelope: { from: 'suporte@empresa.com.br', to: ['ana.lima@cliente.com.br'] },
      messageId: providerMessageId,
      subject: 'Re: Pedido 4471',
      from: 'suporte@empresa.com.br',
      to: ['ana.lima@cliente.com.br'],
      inReplyTo: '<CAJ8-2@mail.gmail.com>',
      references: ['<CAJ8-1@mail.gmail.com>', '<CAJ8-2@mail.gmail.com>'],
    });
    expect(mail?.text).toContain(
      'Olá Ana, segue o rastreio.\n\nEm 21/11/2025 10:02, Ana Lima <ana.lima@cliente.com.br> escreveu:\n> Cadê meu pedido?',
    );
    expect(mail?.attachments).toMatchObject([
      { fileName: 'rastreio.pdf', contentType: 'application/pdf', size: 8 },
    ]);
  });

  it('plays a customer writing in, and the inbound parser threads the answer', async () => {
    const sent = await postInbound({
      channel: 'email',
      smtp: sandbox.smtp,
      mailbox: 'suporte@empresa.com.br',
      from: 'ana.lima@cliente.com.br',
      name: 'Ana Lima',
      subject: 'Re: Pedido 4471',
      text: 'Recebi, obrigada!',
      inReplyTo: '<reply-1@empresa.com.br>',
      references: ['<CAJ8-1@mail.gmail.com>', '<reply-1@empresa.com.br>'],
    });
    const [mail] = sandbox.mail();
    const parsed = await parseInboundEmail(mail?.raw ?? '', integration, { receivedAt: new Date() });
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0]?.event).toMatchObject({
      channel: 'email',
      providerMessageId: 'messageId' in sent ? sent.messageId : '',
      from: { externalId: 'ana.lima@cliente.com.br', name: 'Ana Lima' },
      subject: 'Re: Pedido 4471',
      text: 'Recebi, obrigada!',
      replyTo: ['<reply-1@empresa.com.br>', '<CAJ8-1@mail.gmail.com>'],
    });
  });

  it('maps a refused connection to a retryable error', async () => {
    const closed = smtpTransport({ host: '127.0.0.1', port: 1 });
    const error = await sendEmail(
      { from: { address: 'a@b.com' }, to: [{ address: 'c@d.com' }], text: 'x' },
      closed,
      { timeZone: 'UTC' },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'provider_unavailable', retryable: true });
  });
});
