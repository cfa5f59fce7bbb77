import { describe, expect, it } from 'vitest';
import { clientFrame } from './client-actions.ts';
import { parseServerFrame } from './server-events.ts';
import { serverFrame } from './server-frame.ts';

const company = 'a'.repeat(24);
const other = 'c'.repeat(24);

describe('server frames', () => {
  it('carry the company and read back as frames of that company', () => {
    const frame = serverFrame('refresh-session-wallet', company, { action: 'update_customers_count' });
    expect(frame).toEqual({
      event: 'refresh-session-wallet',
      data: { action: 'update_customers_count', company },
    });
    expect(parseServerFrame(JSON.stringify(frame), company)).toEqual({ kind: 'frame', frame });
  });

  it('tell a frame of another company apart so the client can alert and ignore it', () => {
    const frame = serverFrame('refresh-session', other, { event: 'install-app' });
    expect(parseServerFrame(JSON.stringify(frame), company).kind).toBe('foreign-company');
  });

  it('treat unknown events, missing company and bad payloads as invalid', () => {
    expect(parseServerFrame('nope', company).kind).toBe('invalid');
    expect(parseServerFrame(JSON.stringify({ event: 'dance', data: { company } }), company).kind).toBe(
      'invalid',
    );
    expect(parseServerFrame(JSON.stringify({ event: 'tmail-new', data: {} }), company).kind).toBe('invalid');
    const badAction = { event: 'refresh-session-wallet', data: { company, action: 'delete_everything' } };
    expect(parseServerFrame(JSON.stringify(badAction), company).kind).toBe('invalid');
  });
});

describe('client frames', () => {
  it('accept the spec payloads and refuse malformed ones', () => {
    expect(clientFrame.safeParse({ action: 'checkStatus', employee: company }).success).toBe(true);
    expect(
      clientFrame.safeParse({ action: 'joinRoom', rooms: [`company:${company}`], employee: company }).success,
    ).toBe(true);
    expect(clientFrame.safeParse({ action: 'joinRoom', rooms: [], employee: company }).success).toBe(false);
    expect(clientFrame.safeParse({ action: 'close-others-sessions' }).success).toBe(true);
    expect(clientFrame.safeParse({ action: 'shutdown' }).success).toBe(false);
  });
});
