import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import { type EmployeeRecord, employeeRecord } from '../account/records.ts';
import { employeeEntity } from '../auth/entities.ts';
import { normalizeEmail, searchableName } from '../auth/keys.ts';
import { encodeCursor, isCompanyKey, openCursor } from '../lib/dynamo/cursor.ts';
import { queryOnce } from '../lib/dynamo/query.ts';
import { Invalid } from '../lib/errors.ts';

/**
 * Pages of the employee list, always a Query: without a search, the employees index (creation order);
 * with one, first the employees whose name starts with it (name index), then those whose e-mail does
 * (e-mail index) minus the ones already listed by name. The cursor remembers the phase and the last key.
 */
type Phase = 'all' | 'name' | 'email';
type Key = Record<string, string>;
interface Cursor {
  p: Phase;
  k: Key | null;
}

/** A cursor is accepted only if it names a phase of this listing and a key of the caller's company. */
function decode(text: string, companyId: string, searching: boolean): Cursor {
  const cursor = openCursor(text) as Partial<Cursor> | null;
  const phases: Phase[] = searching ? ['name', 'email'] : ['all'];
  if (
    cursor &&
    typeof cursor === 'object' &&
    phases.includes(cursor.p as Phase) &&
    (cursor.k === null || isCompanyKey(cursor.k, companyId))
  ) {
    return cursor as Cursor;
  }
  throw new Invalid('cursor', adminPtBR.invalidCursor);
}

async function queryPhase(companyId: string, phase: Phase, prefix: string, start: Key | null, limit: number) {
  const page = await queryOnce(
    employeeEntity.indexQuery(phase, [companyId], {
      ...(phase === 'all' ? {} : { sort: { beginsWith: prefix } }),
      Limit: limit,
    }),
    start ?? undefined,
  );
  return { items: page.items, last: page.last as Key | undefined };
}

/** The name index's sort attribute: an e-mail match already listed by name is left out. */
const NAME_SORT = employeeEntity.indexKeyNames('name').sk;

export async function searchEmployees(
  companyId: string,
  search: string | undefined,
  cursorText: string | undefined,
  limit: number,
): Promise<{ items: EmployeeRecord[]; nextCursor: string | null }> {
  const nameTerm = searchableName(search ?? '');
  const emailTerm = normalizeEmail(search ?? '');
  const searching = nameTerm.length > 0;
  let cursor: Cursor = cursorText
    ? decode(cursorText, companyId, searching)
    : { p: searching ? 'name' : 'all', k: null };
  const found: EmployeeRecord[] = [];
  for (;;) {
    const prefix = cursor.p === 'email' ? emailTerm : nameTerm;
    const page = await queryPhase(companyId, cursor.p, prefix, cursor.k, limit - found.length);
    const items =
      cursor.p === 'email'
        ? page.items.filter((item) => !String(item[NAME_SORT] ?? '').startsWith(nameTerm))
        : page.items;
    found.push(...items.map((item) => employeeRecord.parse(item)));
    if (page.last) cursor = { p: cursor.p, k: page.last };
    else if (cursor.p === 'name') cursor = { p: 'email', k: null };
    else return { items: found, nextCursor: null };
    if (found.length >= limit) return { items: found, nextCursor: encodeCursor(cursor) };
  }
}
