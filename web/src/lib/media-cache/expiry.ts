import { LIMITS } from '@atende/shared/domain/constants';

const DAY_MS = 86_400_000;

export interface CacheRecordAge {
  id?: number | undefined;
  created_at: string;
}

/** Spec point 9: cached files older than 15 days are deleted; an unreadable date counts as expired. */
export function isExpired(record: CacheRecordAge, now: Date, days: number = LIMITS.mediaCacheDays): boolean {
  const created = Date.parse(record.created_at);
  return Number.isNaN(created) || now.getTime() - created > days * DAY_MS;
}

export function expiredRecordIds(
  records: readonly CacheRecordAge[],
  now: Date,
  days: number = LIMITS.mediaCacheDays,
): number[] {
  return records
    .filter((record) => record.id !== undefined && isExpired(record, now, days))
    .map((record) => record.id as number);
}
