import { decodeCursor, encodeCursor, isCompanyKey, type Key, openCursor } from '../lib/dynamo/cursor.ts';
import { queryOnce, type QueryInput } from '../lib/dynamo/query.ts';
import { customerEntity } from './entities.ts';
import { type ContactRecord, contactRecord } from './records.ts';
import { type ContactScope, mayManage } from './scope.ts';
import {
  type ContactFilter,
  driverOf,
  isNameSearch,
  type QueryDriver,
  rememberLargeTag,
} from './search-drivers.ts';
import { claimOwner, readContacts } from './store.ts';
import { foldText, nameTokens } from './text.ts';

export type { ContactFilter } from './search-drivers.ts';

/** Index items read by a name search's first Query: most are dropped by the name they carry. */
const NAME_PAGE = 400;

/** A Query never reads more than this many index items (well under DynamoDB's 1 MB page). */
const MAX_PAGE = 3200;

/** Profiles read per BatchGet (its limit). */
const PROFILE_BATCH = 100;

const nameMatches = (folded: string, search: string) => {
  const words = folded.split(' ');
  return nameTokens(search).every((token) => words.some((word) => word.startsWith(token)));
};

/**
 * The folded name an index item carries, if it tells it whole: a name token holds it, a tag membership's
 * key starts with it (cut at 80 characters).
 */
function itemName(item: Record<string, unknown>): string | undefined {
  if (typeof item.name === 'string') return item.name;
  if (item.entity === 'contact_tag' && typeof item.sk === 'string') {
    const name = item.sk.slice(0, item.sk.lastIndexOf('#'));
    return name.length < 80 ? name : undefined;
  }
  return undefined;
}

/** Whether an index item proves the contact has `tag`: it is its membership, or it lists the contact's tags. */
const itemHasTag = (item: Record<string, unknown>, tag: string): boolean | undefined =>
  Array.isArray(item.tags)
    ? item.tags.includes(tag)
    : item.entity === 'contact_tag' && item.tag === tag
      ? true
      : undefined;

/**
 * What an index item says about the filter before its profile is read: 'no' (dropped unread), 'yes' (the
 * profile is read only to be shown) or 'maybe' (the profile decides: a wallet, a limited scope, an old item).
 */
function itemVerdict(item: Record<string, unknown>, filter: ContactFilter, scope: ContactScope) {
  let certain = !filter.wallet && !scope.limited;
  if (isNameSearch(filter.search)) {
    const name = itemName(item);
    if (name !== undefined && !nameMatches(name, filter.search.trim())) return 'no';
    certain &&= name !== undefined;
  }
  for (const tag of filter.tags) {
    const has = itemHasTag(item, tag);
    if (has === false) return 'no';
    certain &&= has === true;
  }
  if (filter.smartTag) certain &&= item.entity === 'smart_tag_member' && item.smart_tag === filter.smartTag;
  return certain ? 'yes' : 'maybe';
}

function matches(record: ContactRecord, filter: ContactFilter, scope: ContactScope): boolean {
  if (!filter.tags.every((tag) => record.tags.includes(tag))) return false;
  if (filter.wallet && record.wallet !== filter.wallet) return false;
  if (filter.smartTag && !record.smart_tags.includes(filter.smartTag)) return false;
  if (scope.limited && !mayManage(scope, record)) return false;
  if (isNameSearch(filter.search)) return nameMatches(foldText(record.full_name), filter.search.trim());
  return true;
}

type Page = { contacts: ContactRecord[]; next_cursor: string | null };

/** One page of the contacts the caller may see that pass the filter, in the driver's order. */
export async function searchContacts(
  scope: ContactScope,
  filter: ContactFilter,
  cursor: string | undefined,
  limit: number,
): Promise<Page> {
  const companyId = scope.auth.companyId;
  const opened = cursor ? openCursor(cursor) : undefined;
  const driver = driverOf(companyId, filter, isCompanyKey(opened, companyId) ? opened : undefined);
  if (driver.kind === 'none') return { contacts: [], next_cursor: null };
  if (driver.kind === 'claim') {
    const owner = await claimOwner(driver.key);
    const found = owner ? await readContacts(companyId, [owner]) : [];
    return { contacts: found.filter((record) => matches(record, filter, scope)), next_cursor: null };
  }
  const page = await readPage(scope, filter, driver, decodeCursor(cursor, companyId, driver.pk), limit);
  if (page !== 'over budget') return page;
  // The tag is too large to read whole for a name within it: its name's tokens are read instead.
  rememberLargeTag(companyId, filter.tags[0] as string);
  return searchContacts(scope, filter, undefined, limit);
}

/**
 * Reads the driver Query by Query until the page is full: a Query's size follows the share of items that
 * matched so far (a sparse name reads more per round trip); index items the filter excludes are dropped
 * before any profile is read, and profiles are read only as many as the page still needs.
 */
async function readPage(
  scope: ContactScope,
  filter: ContactFilter,
  driver: QueryDriver,
  from: Key | undefined,
  limit: number,
): Promise<Page | 'over budget'> {
  const contacts: ContactRecord[] = [];
  const seen = new Set<string>();
  let start = from;
  let read = 0;
  const full = (item: Record<string, unknown>, more: boolean): Page => ({
    contacts,
    next_cursor: more ? encodeCursor(keyOf(item, driver)) : null,
  });
  for (;;) {
    const size = roundSize(driver, filter, limit, contacts.length, read);
    const page = await queryOnce(queryOf(driver, size), start);
    read += page.items.length;
    const more = (index: number) => index < page.items.length - 1 || page.last !== undefined;
    if (driver.kind === 'profiles') {
      for (const [index, item] of page.items.entries()) {
        const record = contactRecord.parse(item);
        if (matches(record, filter, scope)) contacts.push(record);
        if (contacts.length === limit) return full(item, more(index));
      }
    } else {
      const candidates = page.items.flatMap((item, index) => {
        const verdict = itemVerdict(item, filter, scope);
        return verdict === 'no' ? [] : [{ item, index, certain: verdict === 'yes' }];
      });
      for (let at = 0; at < candidates.length;) {
        const need = limit - contacts.length;
        const width = candidates.slice(at, at + need).every((candidate) => candidate.certain)
          ? need
          : 2 * need;
        const slice = candidates.slice(at, at + Math.min(PROFILE_BATCH, width));
        at += slice.length;
        const ids = slice.map(({ item }) => idOf(item));
        const records = new Map((await readContacts(scope.auth.companyId, ids)).map((r) => [r._id, r]));
        for (const { item, index } of slice) {
          const record = records.get(idOf(item));
          if (record && !seen.has(record._id) && matches(record, filter, scope)) {
            seen.add(record._id);
            contacts.push(record);
          }
          if (contacts.length === limit) return full(item, more(index));
        }
      }
    }
    if (!page.last) return { contacts, next_cursor: null };
    if (driver.kind === 'index' && driver.budget !== undefined && read >= driver.budget) return 'over budget';
    start = page.last;
  }
}

/**
 * Items to read in the next Query: a tag read for a name within it is read up to its budget at once; a
 * name's first Query reads NAME_PAGE; every other first Query reads the page and one more (so a partition
 * holding exactly a page answers without a cursor); later ones what the share matched so far says the page
 * still needs, with a margin.
 */
function roundSize(driver: QueryDriver, filter: ContactFilter, limit: number, found: number, read: number) {
  if (driver.kind === 'index' && driver.budget !== undefined) return driver.budget;
  if (read === 0) return isNameSearch(filter.search) ? NAME_PAGE : limit + 1;
  const share = Math.max(found / read, 1 / 64);
  return Math.min(MAX_PAGE, Math.max(limit + 1, Math.ceil(((limit - found) / share) * 1.5)));
}

const idOf = (item: Record<string, unknown>) =>
  typeof item.customer === 'string' ? item.customer : String(item._id);

/** What the checks read of an index item (pk and sk first: the key condition names them). */
const INDEX_ATTRIBUTES = ['pk', 'sk', 'customer', 'entity', 'name', 'tags', 'tag', 'smart_tag'];

/** One Query of the driver; index items are read without the attributes no check needs. */
function queryOf(driver: QueryDriver, size: number): QueryInput {
  if (driver.kind === 'profiles') {
    return customerEntity.queryAt(driver.index, driver.pk, { Limit: size });
  }
  return {
    ProjectionExpression: INDEX_ATTRIBUTES.map((_, at) => `#a${at}`).join(', '),
    KeyConditionExpression: driver.prefix ? '#a0 = :pk AND begins_with(#a1, :prefix)' : '#a0 = :pk',
    ExpressionAttributeNames: Object.fromEntries(INDEX_ATTRIBUTES.map((name, at) => [`#a${at}`, name])),
    ExpressionAttributeValues: { ':pk': driver.pk, ...(driver.prefix ? { ':prefix': driver.prefix } : {}) },
    Limit: size,
  };
}

function keyOf(item: Record<string, unknown>, driver: QueryDriver) {
  const index = driver.kind === 'profiles' ? customerEntity.indexKeyNames(driver.index) : undefined;
  const names = ['pk', 'sk', ...(index ? [index.pk, index.sk] : [])];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}
