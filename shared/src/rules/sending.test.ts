import { describe, expect, it } from 'vitest';
import {
  checkMediaSend,
  cleanMessageText,
  isWithinTextLimit,
  prepareOutgoingText,
  TEXT_LIMITS,
  whatsappSendWarning,
} from './sending.ts';

describe('cleanMessageText (spec point 5: text cleaned of special characters)', () => {
  it.each([
    { clause: 'control characters removed', input: 'a\u0000b\u0007c\u001Bd', output: 'abcd' },
    { clause: 'tab and line feed kept', input: 'a\tb\nc', output: 'a\tb\nc' },
    { clause: 'CRLF folded into LF', input: 'a\r\nb\rc', output: 'a\nb\nc' },
    {
      clause: 'zero-width and invisible characters removed',
      input: '\uFEFFol\u200Bá\u2060\u200E!',
      output: 'olá!',
    },
    { clause: 'accents kept', input: 'ação é ótima', output: 'ação é ótima' },
    { clause: 'emoji incl. ZWJ sequences kept', input: 'oi 👨‍👩‍👧 ❤️', output: 'oi 👨‍👩‍👧 ❤️' },
  ])('$clause', ({ input, output }) => {
    expect(cleanMessageText(input)).toBe(output);
  });
});

describe('per-channel text limit (spec point 5)', () => {
  it.each(Object.entries(TEXT_LIMITS).map(([channel, limit]) => ({ channel, limit })))(
    '$channel accepts $limit characters and refuses one more',
    ({ channel, limit }) => {
      const key = channel as keyof typeof TEXT_LIMITS;
      expect(isWithinTextLimit(key, 'a'.repeat(limit))).toBe(true);
      expect(isWithinTextLimit(key, 'a'.repeat(limit + 1))).toBe(false);
    },
  );

  it('emoji count as one character each', () => {
    expect(isWithinTextLimit('instagram', '😀'.repeat(1000))).toBe(true);
  });

  it('over-limit text is not sent', () => {
    expect(prepareOutgoingText('messenger', 'x'.repeat(2001))).toEqual({ ok: false, reason: 'too-long' });
  });

  it('text is cleaned before sending', () => {
    expect(prepareOutgoingText('whatsapp', 'oi\u200B')).toEqual({ ok: true, text: 'oi' });
  });

  it('blank text is not sent', () => {
    expect(prepareOutgoingText('whatsapp', ' \u200B ')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('media send (spec point 5: needs both path and type)', () => {
  it.each([
    {
      clause: 'path and type: sendable',
      media: { file_path: 'a/b.png', file_type: 'image' },
      error: undefined,
    },
    { clause: 'missing path', media: { file_type: 'image' }, error: 'Erro ao tentar enviar mensagem.' },
    { clause: 'missing type', media: { file_path: 'a/b.png' }, error: 'Erro ao tentar enviar mensagem.' },
  ])('$clause', ({ media, error }) => {
    expect(checkMediaSend(media)).toBe(error);
  });
});

describe('WhatsApp disconnected integration (spec point 5)', () => {
  it('warns and blocks when disconnected', () => {
    expect(whatsappSendWarning({ label: 'Vendas', connection: false })).toBe(
      'Whatsapp: Não é possível enviar mensagens, pois a Vendas está desconectada',
    );
  });
  it('no warning when connected', () => {
    expect(whatsappSendWarning({ label: 'Vendas', connection: true })).toBeUndefined();
  });
});
