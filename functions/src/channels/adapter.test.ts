import { describe, expect, it } from 'vitest';
import {
  type ChannelLimits,
  ChannelSendError,
  type OutboundMessage,
  checkOutbound,
  isoFromEpoch,
  mediaFileName,
  safeEqual,
  validated,
  verifyWebhookToken,
} from './adapter.ts';

const limits: ChannelLimits = {
  mediaBytes: 100,
  refusedExtensions: ['stl'],
  textLength: 5,
  templates: false,
};
const refusal = (message: OutboundMessage, within = limits) => {
  try {
    checkOutbound(message, within);
    return undefined;
  } catch (error) {
    return error instanceof ChannelSendError ? { code: error.code, retryable: error.retryable } : error;
  }
};

describe('checkOutbound', () => {
  it('passes what fits and refuses long text, templates, large or refused media', () => {
    expect(refusal({ kind: 'text', to: '1', text: '12345' })).toBeUndefined();
    const refused = { code: 'unsupported_message', retryable: false };
    expect(refusal({ kind: 'text', to: '1', text: '123456' })).toEqual(refused);
    expect(refusal({ kind: 'template', to: '1', template: { name: 't', language: 'pt_BR' } })).toEqual(
      refused,
    );
    expect(
      refusal({ kind: 'media', to: '1', media: { type: 'image', url: 'https://m/a.png', size: 101 } }),
    ).toEqual(refused);
    expect(refusal({ kind: 'media', to: '1', media: { type: 'document', url: 'https://m/a.STL' } })).toEqual(
      refused,
    );
    expect(
      refusal({ kind: 'media', to: '1', media: { type: 'document', url: 'https://m/a.pdf' } }),
    ).toBeUndefined();
  });

  it('applies an allow-list when the provider has one', () => {
    const instagram = { ...limits, allowedExtensions: ['jpg', 'mp4'] };
    expect(
      refusal({ kind: 'media', to: '1', media: { type: 'image', url: 'https://m/a.jpg?x=1' } }, instagram),
    ).toBeUndefined();
    expect(
      refusal({ kind: 'media', to: '1', media: { type: 'image', url: 'https://m/a.webp' } }, instagram),
    ).toMatchObject({
      code: 'unsupported_message',
    });
    expect(
      refusal({ kind: 'media', to: '1', media: { type: 'image', url: 'https://m/noext' } }, instagram),
    ).toMatchObject({
      code: 'unsupported_message',
    });
  });
});

describe('webhook tokens', () => {
  it('compares in constant time without throwing on different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
  });

  it('prefers the header, falls back to the query, and answers 401 otherwise', () => {
    const request = (headers: Record<string, string>, query: Record<string, string>) => ({
      headers,
      query,
      rawBody: '{}',
    });
    expect(verifyWebhookToken(request({ 'x-webhook-token': 's3cret' }, {}), 's3cret')).toEqual({ ok: true });
    expect(verifyWebhookToken(request({}, { token: 's3cret' }), 's3cret')).toEqual({ ok: true });
    expect(verifyWebhookToken(request({}, {}), 's3cret')).toMatchObject({ ok: false, status: 401 });
  });
});

describe('parse helpers', () => {
  it('converts provider epochs and refuses garbage', () => {
    expect(isoFromEpoch('1763766000', 'seconds')).toBe('2025-11-21T23:00:00.000Z');
    expect(isoFromEpoch(1763766000000, 'milliseconds')).toBe('2025-11-21T23:00:00.000Z');
    expect(isoFromEpoch('soon', 'seconds')).toBeUndefined();
    expect(isoFromEpoch(undefined, 'seconds')).toBeUndefined();
  });

  it('names media without a file name from kind, id and type', () => {
    expect(mediaFileName('audio', 'wamid.ABC=', 'audio/ogg; codecs=opus')).toBe('audio-wamidABC.ogg');
    expect(mediaFileName('doc', '!!!', 'application/x-unknown')).toBe('doc-file.bin');
  });

  it('moves events the shared contract refuses to ignored', () => {
    const event = {
      kind: 'status' as const,
      companyId: '65f1a2b3c4d5e6f708192a3b',
      integrationId: '65f1a2b3c4d5e6f708192a3c',
      channel: 'official' as const,
      providerMessageId: 'x'.repeat(300),
      status: 'read' as const,
      at: '2025-11-21T23:00:00.000Z',
    };
    const result = validated([{ event }, { event: { ...event, providerMessageId: 'ok' } }], []);
    expect(result.items).toHaveLength(1);
    expect(result.ignored).toHaveLength(1);
    expect(result.ignored[0]).toMatch(/^invalid status x+/);
  });
});
