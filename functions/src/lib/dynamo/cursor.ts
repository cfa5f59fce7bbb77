import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Invalid } from '../errors.ts';

export type Key = Record<string, unknown>;

/**
 * The one cursor format of every list: the key to resume after, as JSON in base64url. Clients treat it as
 * opaque. Any change to the format (signing it, say) belongs here, so every list changes at once.
 */
export const encodeCursor = (key: Key): string => Buffer.from(JSON.stringify(key)).toString('base64url');

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
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new Invalid('cursor', ptBR.admin.invalidCursor);
  }
  const valid =
    key !== null &&
    typeof key === 'object' &&
    !Array.isArray(key) &&
    Object.values(key).every((value) => typeof value === 'string') &&
    typeof (key as Key).pk === 'string' &&
    ((key as Key).pk as string).startsWith(`C#${companyId}#`) &&
    (partition === undefined || Object.values(key).includes(partition));
  if (!valid) throw new Invalid('cursor', ptBR.admin.invalidCursor);
  return key as Key;
}
