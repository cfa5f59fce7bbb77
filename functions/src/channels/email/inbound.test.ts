import { inboundEvent } from '@atende/shared/channels/inbound';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInboundEmail } from './inbound.ts';
import { emailMessageId } from './message-id.ts';
import { stripQuotedReply } from './quoting.ts';

const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f6071a' };
const receivedAt = new Date('2025-11-21T18:00:00.000Z');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.eml`, import.meta.url));
const parse = (raw: Uint8Array | string) => parseInboundEmail(raw, integration, { receivedAt });

describe('inbound e-mail parsing', () => {
  it('parses a plain-text e-mail keyed by its Message-ID', async () => {
    const { items, ignored } = await parse(fixture('plain'));
    expect(ignored).toEqual([]);
    expect(items).toEqual([
      {
        event: {
          kind: 'message',
          ...integration,
          channel: 'email',
          providerMessageId: '<CAJ8x1Yq3mZ0p+Ab@mail.gmail.com>',
          from: { externalId: 'ana.lima@cliente.com.br', email: 'ana.lima@cliente.com.br', name: 'Ana Lima' },
          subject: 'Pedido 4471 atrasado',
          text: 'Bom dia,\n\nMeu pedido 4471 ainda não chegou. Podem verificar?\n\nObrigada,\nAna',
          sentAt: '2025-11-21T13:02:05.000Z',
        },
      },
    ]);
    expect(inboundEvent.safeParse(items[0]?.event).success).toBe(true);
  });

  it('turns an HTML-only body into text and decodes the subject', async () => {
    const [item] = (await parse(fixture('html-only'))).items;
    expect(item?.event).toMatchObject({
      subject: 'Dúvida sobre a fatura',
      text: 'Olá,\n\nA fatura de novembro veio em dobro.\n\nCarlos',
      from: { externalId: 'carlos@outlook.com', name: 'Carlos Pereira' },
    });
  });

  it('returns each attachment with its bytes, as a message threaded to the e-mail', async () => {
    const { items } = await parse(fixture('with-attachment'));
    expect(items.map((item) => item.event.providerMessageId)).toEqual([
      '<attach-001@cliente.com.br>',
      '<attach-001@cliente.com.br>#1',
      '<attach-001@cliente.com.br>#2',
    ]);
    expect(items[0]?.event.text).toBe('Segue o comprovante e a foto da caixa.');
    const [, pdf, png] = items;
    expect(pdf?.event.replyTo).toEqual(['<attach-001@cliente.com.br>']);
    expect(pdf?.attachment).toMatchObject({
      kind: 'doc',
      fileName: 'comprovante.pdf',
      contentType: 'application/pdf',
    });
    expect(
      Buffer.from(pdf?.attachment?.content ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(png?.attachment).toMatchObject({
      kind: 'image',
      fileName: 'caixa.png',
      contentType: 'image/png',
      size: 70,
    });
    for (const item of items) expect(inboundEvent.safeParse(item.event).success).toBe(true);
  });

  it('starts an e-mail without text with its first attachment, keyed by the Message-ID', async () => {
    const raw = [
      'From: ana.lima@cliente.com.br',
      'To: suporte@empresa.com.br',
      'Message-ID: <only-files@cliente.com.br>',
      'Subject: fotos',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: image/png; name="a.png"',
      'Content-Disposition: attachment; filename="a.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      '--b',
      'Content-Type: video/mp4; name="b.mp4"',
      'Content-Disposition: attachment; filename="b.mp4"',
      'Content-Transfer-Encoding: base64',
      '',
      'AAAAIGZ0eXA=',
      '--b--',
      '',
    ].join('\r\n');
    const { items } = await parse(raw);
    expect(
      items.map((item) => [item.event.providerMessageId, item.attachment?.kind, item.event.replyTo]),
    ).toEqual([
      ['<only-files@cliente.com.br>', 'image', undefined],
      ['<only-files@cliente.com.br>#1', 'video', ['<only-files@cliente.com.br>']],
    ]);
    expect(emailMessageId('<only-files@cliente.com.br>#1')).toBe('<only-files@cliente.com.br>');
  });

  it('keeps In-Reply-To and References as threading keys and drops the quoted history', async () => {
    const [item] = (await parse(fixture('reply'))).items;
    expect(item?.event).toMatchObject({
      providerMessageId: '<CAJ8x1Yq-reply-2@mail.gmail.com>',
      replyTo: ['<0100019aa1-sent-1@email.amazonses.com>', '<CAJ8x1Yq3mZ0p+Ab@mail.gmail.com>'],
      subject: 'Re: Pedido 4471 atrasado',
      text: 'Perfeito, muito obrigada!',
    });
  });

  it('ignores automatic replies so robots do not answer each other', async () => {
    expect(await parse(fixture('auto-reply'))).toEqual({
      items: [],
      ignored: ['automatic reply from ana.lima@cliente.com.br'],
    });
  });

  it('gives a message without Message-ID a stable id from its bytes', async () => {
    const raw = 'From: x@y.com\r\nTo: s@e.com\r\nSubject: oi\r\n\r\nsem id';
    const first = await parse(raw);
    const again = await parse(raw);
    expect(first.items[0]?.event.providerMessageId).toMatch(/^<[0-9a-f]{64}@no-message-id>$/);
    expect(again.items[0]?.event.providerMessageId).toBe(first.items[0]?.event.providerMessageId);
    expect(first.items[0]?.event.sentAt).toBe(receivedAt.toISOString());
  });

  it('decodes a Latin-1 body and an encoded-word sender, and a sender given as a group', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        [
          'From: Equipe: =?ISO-8859-1?Q?Jo=E3o_Ara=FAjo?= <joao@cliente.com.br>;',
          'To: suporte@empresa.com.br',
          'Message-ID: latin1-1@cliente.com.br',
          'Date: not a date',
          'Content-Type: text/plain; charset=ISO-8859-1',
          'Content-Transfer-Encoding: 8bit',
          '',
          '',
        ].join('\r\n'),
      ),
      Buffer.from('Não recebi a nota fiscal.', 'latin1'),
    ]);
    const [item] = (await parse(raw)).items;
    expect(item?.event).toMatchObject({
      providerMessageId: '<latin1-1@cliente.com.br>',
      from: { email: 'joao@cliente.com.br', name: 'João Araújo' },
      text: 'Não recebi a nota fiscal.',
      sentAt: receivedAt.toISOString(),
    });
  });

  it('keeps links and decodes entities of an HTML body, and leaves inline images out of the attachments', async () => {
    const raw = [
      'From: ana.lima@cliente.com.br',
      'Message-ID: <html-2@cliente.com.br>',
      'Content-Type: multipart/related; boundary="r"',
      '',
      '--r',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Veja&nbsp;o <a href="https://loja.example/pedido/1">pedido</a> &amp; a foto &#8212; ok&#x21;</p>',
      '<p>Linha 1<br>Linha 2</p><img src="cid:logo@x">',
      '--r',
      'Content-Type: image/png',
      'Content-ID: <logo@x>',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      '--r--',
      '',
    ].join('\r\n');
    const { items } = await parse(raw);
    expect(items).toHaveLength(1);
    expect(items[0]?.event.text).toBe(
      'Veja o pedido [https://loja.example/pedido/1] & a foto \u2014 ok!\n\nLinha 1\nLinha 2',
    );
  });

  it('knows an attachment sent as application/octet-stream by its file name', async () => {
    const raw = [
      'From: ana.lima@cliente.com.br',
      'Message-ID: <octet-1@cliente.com.br>',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: application/octet-stream; name="foto.JPG"',
      'Content-Disposition: attachment; filename="foto.JPG"',
      'Content-Transfer-Encoding: base64',
      '',
      '/9j/4AAQ',
      '--b',
      'Content-Type: application/octet-stream; name="dados.bin"',
      'Content-Disposition: attachment; filename="dados.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      'AAEC',
      '--b--',
      '',
    ].join('\r\n');
    const { items } = await parse(raw);
    expect(
      items.map((item) => [item.attachment?.kind, item.attachment?.contentType, item.attachment?.size]),
    ).toEqual([
      ['image', 'image/jpeg', 6],
      ['doc', 'application/octet-stream', 3],
    ]);
  });

  it('skips a message with no sender address', async () => {
    expect(await parse('To: s@e.com\r\nSubject: oi\r\n\r\nx')).toEqual({
      items: [],
      ignored: ['no sender address'],
    });
  });
});

describe('quoted history', () => {
  it('cuts at an Outlook original-message marker and at a trailing block of quoted lines', () => {
    expect(stripQuotedReply('Certo.\n\n-----Mensagem original-----\nDe: x\nTexto')).toBe('Certo.');
    expect(stripQuotedReply('Certo.\n> anterior\n>\n> mais')).toBe('Certo.');
  });

  it('keeps inline answers between quoted lines', () => {
    const text = '> pergunta 1\nresposta 1\n> pergunta 2\nresposta 2';
    expect(stripQuotedReply(text)).toBe(text);
  });
});
