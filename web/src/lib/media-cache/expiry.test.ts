import { describe, expect, it } from 'vitest';
import { expiredRecordIds, isExpired } from './expiry.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('media cache expiry', () => {
  it('keeps entries up to 15 days old and selects older ones', () => {
    const records = [
      { id: 1, created_at: '2026-11-21T11:00:00Z' },
      { id: 2, created_at: '2026-11-06T12:00:00Z' },
      { id: 3, created_at: '2026-11-06T11:59:59Z' },
      { id: 4, created_at: '2026-10-01T00:00:00Z' },
    ];
    expect(expiredRecordIds(records, NOW)).toEqual([3, 4]);
  });

  it('treats an unreadable date as expired', () => {
    expect(isExpired({ created_at: 'ontem' }, NOW)).toBe(true);
  });

  it('honours another retention when given', () => {
    expect(expiredRecordIds([{ id: 9, created_at: '2026-11-19T12:00:00Z' }], NOW, 1)).toEqual([9]);
  });
});
