import { serverFrame } from '@atende/shared/realtime/server-frame';
import { describe, expect, it } from 'vitest';
import { smartTagKeysForFrame } from './live-keys.ts';

const company = 'a'.repeat(24);
const tag = 'b'.repeat(24);

describe('smart tag live keys', () => {
  it('refetches the list, the smart tag and its members when members change', () => {
    expect(
      smartTagKeysForFrame(serverFrame('smart-tag-update', company, { smart_tag: tag, action: 'members' })),
    ).toEqual([
      ['smart-tags', 'list'],
      ['smart-tags', 'one', tag],
      ['smart-tags', 'members', tag],
    ]);
  });

  it('refetches the same keys when a run moves or finishes', () => {
    const frame = serverFrame('smart-tag-update', company, {
      smart_tag: tag,
      action: 'status',
      status: 'ready',
      members_count: 12,
    });
    expect(smartTagKeysForFrame(frame)).toEqual([
      ['smart-tags', 'list'],
      ['smart-tags', 'one', tag],
      ['smart-tags', 'members', tag],
    ]);
  });

  it('ignores other events', () => {
    expect(
      smartTagKeysForFrame(serverFrame('refresh-session-wallet', company, { action: 'update_wallet' })),
    ).toEqual([]);
  });
});
