import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  closeReasonOf,
  contentOf,
  customerPhone,
  inboundOf,
  phoneOfJid,
  type RecordedMessage,
  statusOf,
} from './baileys-mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;

const upserts = fixture<Record<string, RecordedMessage>>('baileys-upserts.json');
const updates =
  fixture<Array<{ key: RecordedMessage['key']; update: { status?: number } }>>('baileys-updates.json');
const upsert = (name: string): RecordedMessage => {
  const message = upserts[name];
  if (!message) throw new Error(`no fixture ${name}`);
  return message;
};

describe('Baileys messages.upsert → inbound message', () => {
  it('maps a plain text message with its sender, name and timestamp', () => {
    expect(inboundOf(upsert('text'))).toEqual({
      id: '3EB0C431C26A1916E07A',
      from: '5585988887777',
      pushName: 'Maria Souza',
      text: 'Oi, quero saber do meu pedido',
      media: undefined,
      sentAt: new Date(1763774400 * 1000),
    });
  });

  it('reads extended text and string timestamps', () => {
    expect(inboundOf(upsert('extendedText'))).toMatchObject({
      text: 'Segue o link https://exemplo.com.br/pedido/123',
      sentAt: new Date(1763774460 * 1000),
    });
  });

  it('takes the phone from remoteJidAlt when WhatsApp addresses the chat by LID', () => {
    expect(inboundOf(upsert('lidAddressed'))).toMatchObject({ from: '5585977776666', text: 'Bom dia' });
  });

  it('maps media with caption, kind, MIME type and a file name', () => {
    expect(inboundOf(upsert('imageWithCaption'))).toMatchObject({
      text: 'Foto do produto',
      media: { kind: 'image', mimeType: 'image/jpeg', fileName: 'image-3EB0IMAGE000000000001.jpg' },
    });
    expect(inboundOf(upsert('documentWithCaption'))).toMatchObject({
      text: 'Nota fiscal',
      media: { kind: 'doc', mimeType: 'application/pdf', fileName: 'nota-fiscal.pdf' },
    });
    expect(inboundOf(upsert('voiceNote'))).toMatchObject({
      text: undefined,
      media: { kind: 'audio', mimeType: 'audio/ogg', fileName: 'audio-3EB0AUDIO000000000001.ogg' },
    });
  });

  it('unwraps ephemeral messages and renders a location as a map link', () => {
    expect(inboundOf(upsert('ephemeralText'))?.text).toBe('Mensagem temporária');
    expect(inboundOf(upsert('location'))?.text).toBe('https://maps.google.com/?q=-3.7319,-38.5267');
  });

  it("ignores the business's own messages, groups, status broadcasts and protocol frames", () => {
    for (const name of ['fromPhone', 'group', 'statusBroadcast', 'protocol']) {
      expect(inboundOf(upsert(name)), name).toBeUndefined();
    }
  });
});

describe('Baileys messages.update → delivery status', () => {
  it('maps the WebMessageInfo status of our own messages only', () => {
    expect(updates.map((update) => statusOf(update))).toEqual([
      { id: '3EB0OUT0000000000001', status: 'sent' },
      { id: '3EB0OUT0000000000001', status: 'delivered' },
      { id: '3EB0OUT0000000000001', status: 'read' },
      { id: '3EB0OUT0000000000002', status: 'read' },
      { id: '3EB0OUT0000000000003', status: 'failed' },
      undefined,
      undefined,
    ]);
  });
});

describe('Baileys helpers', () => {
  it('reads phone JIDs, with or without a device suffix, and nothing else', () => {
    expect(phoneOfJid('5585988887777:12@s.whatsapp.net')).toBe('5585988887777');
    expect(phoneOfJid('5585988887777@c.us')).toBe('5585988887777');
    expect(phoneOfJid('201234567890123@lid')).toBeUndefined();
    expect(phoneOfJid('120363025246125888@g.us')).toBeUndefined();
    expect(customerPhone({ remoteJid: 'status@broadcast' })).toBeUndefined();
  });

  it('maps disconnect codes to close reasons', () => {
    expect(closeReasonOf(401)).toBe('logged-out');
    expect(closeReasonOf(515)).toBe('restart-required');
    expect(closeReasonOf(440)).toBe('replaced');
    expect(closeReasonOf(408)).toBe('connection-lost');
    expect(closeReasonOf(undefined)).toBe('other');
  });

  it('builds the sendMessage content of each outbound kind', () => {
    expect(contentOf({ kind: 'text', to: '5585', text: 'Olá' })).toEqual({ text: 'Olá' });
    const bytes = new Uint8Array([1, 2, 3]);
    expect(
      contentOf({
        kind: 'media',
        to: '5585',
        media: { kind: 'doc', bytes, mimeType: 'application/pdf', fileName: 'a.pdf', caption: 'Segue' },
      }),
    ).toEqual({
      document: Buffer.from(bytes),
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      caption: 'Segue',
    });
    expect(
      contentOf({
        kind: 'media',
        to: '5585',
        media: { kind: 'audio', bytes, mimeType: 'audio/ogg', fileName: 'v.ogg' },
      }),
    ).toEqual({ audio: Buffer.from(bytes), mimetype: 'audio/ogg' });
  });
});
