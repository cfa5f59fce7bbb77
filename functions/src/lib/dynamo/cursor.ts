import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import { Invalid } from '../errors.ts';

export type Key = Record<string, unknown>;

/**
 * The one cursor format of every list: the key to resume after, as JSON in base64url. Clients treat it as
 * opaque. Any change to the format (signing it, say) belongs here, so every list changes at once.
 */
export const encodeCursor = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** What a cursor holds, unchecked (a 400 on `cursor` when it is not one of ours); callers check its shape. */
export function openCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new Invalid('cursor', adminPtBR.invalidCursor);
  }
}

/** A key of the company: string attributes only, and every partition key (pk, gsiNpk) in the company. */
export const isCompanyKey = (key: unknown, companyId: string): key is Key =>
  key !== null &&
  typeof key === 'object' &&
  !Array.isArray(key) &&
  typeof (key as Key).pk === 'string' &&
  Object.entries(key).every(
    ([name, value]) =>
      typeof value === 'string' && (!name.endsWith('pk') || value.startsWith(`C#${companyId}#`)),
  );

/**
 * A cursor is only ever a key of the caller's company, and when `partition` is given, a key of that very
 * partition (the list being paged): anything else is a 400 on `cursor`, never queried.
 */
export function decodeCursor(
  cursor: string | undefined,
  companyId: string,
  partition?: string,
): Key | undefined {
  if (!cursor) return undefined;
  const key = openCursor(cursor);
  const valid =
    isCompanyKey(key, companyId) && (partition === undefined || Object.values(key).includes(partition));
  if (!valid) throw new Invalid('cursor', adminPtBR.invalidCursor);
  return key as Key;
}
