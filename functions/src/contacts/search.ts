import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import { isEmail } from '@atende/shared/rules/formats';
import { decodeCursor, encodeCursor } from '../lib/dynamo/cursor.ts';
import { queryOnce, type QueryInput } from '../lib/dynamo/query.ts';
import { smartTagKeys } from '../smart-tags/keys.ts';
import { contactKeys } from './keys.ts';
import type { ContactRecord } from './records.ts';
import { type ContactScope, mayManage } from './scope.ts';
import { claimOwner, readContacts } from './store.ts';
import { foldText, nameTokens } from './text.ts';

export interface ContactFilter {
  search?: string | undefined;
  tags: readonly string[];
  wallet?: string | undefined;
  smartTag?: string | undefined;
}

/**
 * Which index a listing reads ("driver"): an exact phone or e-mail claim, a name-token prefix, a tag's
 * members, a wallet's contacts or every contact. Whatever the driver does not narrow is checked on the
 * profiles it yields, so each page is one or a few Queries plus one BatchGet.
 */
type Driver =
  | { kind: 'none' }
  | { kind: 'claim'; key: { pk: string; sk: string } }
  | { kind: 'query'; index?: 'gsi1' | 'gsi2'; pk: string; prefix?: string; pkName: string; skName: string };

function driverOf(companyId: string, filter: ContactFilter): Driver {
  const search = filter.search?.trim();
  if (search) {
    if (isEmail(search))
      return { kind: 'claim', key: contactKeys.emailClaim(companyId, normalizeEmail(search)) };
    if (/^[\d\s()+.-]+$/.test(search) && search.replace(/\D/g, '').length >= 8) {
      const phone = normalizePhone(search);
      return phone ? { kind: 'claim', key: contactKeys.phoneClaim(companyId, phone) } : { kind: 'none' };
    }
    const [first] = [...nameTokens(search)].sort((a, b) => b.length - a.length);
    // With a tag too, its members are read instead: their keys hold the name, so both filters apply before
    // any profile is read.
    const [tag] = filter.tags;
    if (first && tag) {
      return { kind: 'query', pk: contactKeys.tagMembers(companyId, tag), pkName: 'pk', skName: 'sk' };
    }
    if (first) {
      return {
        kind: 'query',
        pk: contactKeys.nameShard(companyId, first),
        prefix: first,
        pkName: 'pk',
        skName: 'sk',
      };
    }
  }
  const [tag] = filter.tags;
  if (tag) return { kind: 'query', pk: contactKeys.tagMembers(companyId, tag), pkName: 'pk', skName: 'sk' };
  if (filter.smartTag) {
    return {
      kind: 'query',
      pk: smartTagKeys.members(companyId, filter.smartTag),
      pkName: 'pk',
      skName: 'sk',
    };
  }
  const wallet = filter.wallet;
  if (wallet) {
    return {
      kind: 'query',
      index: 'gsi2',
      pk: contactKeys.walletContacts(companyId, wallet),
      pkName: 'gsi2pk',
      skName: 'gsi2sk',
    };
  }
  return {
    kind: 'query',
    index: 'gsi1',
    pk: contactKeys.allContacts(companyId),
    pkName: 'gsi1pk',
    skName: 'gsi1sk',
  };
}

/** Index items read by a name search's first Query: mostly dropped by their name before any profile is read. */
const NAME_PAGE = 400;

/** A name search that found too few in its first pages reads larger ones: fewer round trips over sparse hits. */
const MAX_NAME_PAGE = 3200;

/** Profiles read per BatchGet (its limit). */
const PROFILE_BATCH = 100;

const nameMatches = (folded: string, search: string) => {
  const words = folded.split(' ');
  return nameTokens(search).every((token) => words.some((word) => word.startsWith(token)));
};

const isNameSearch = (search: string | undefined): search is string =>
  !!search?.trim() && !isEmail(search.trim()) && !/^[\d\s()+.-]+$/.test(search.trim());

/**
 * The folded name an index item carries, if it tells it whole: a name token holds it, a tag membership's
 * key starts with it (cut at 80 characters), a profile has it.
 */
function itemName(item: Record<string, unknown> | undefined): string | undefined {
  if (typeof item?.name === 'string') return item.name;
  if (item?.entity === 'contact_tag' && typeof item.sk === 'string') {
    const name = item.sk.slice(0, item.sk.lastIndexOf('#'));
    return name.length < 80 ? name : undefined;
  }
  return typeof item?.full_name === 'string' ? foldText(item.full_name) : undefined;
}

/** Whether an index item may belong to a contact the name search finds (unknown names may). */
function nameMayMatch(item: Record<string, unknown> | undefined, filter: ContactFilter): boolean {
  if (!isNameSearch(filter.search)) return true;
  const name = itemName(item);
  return name === undefined || nameMatches(name, filter.search.trim());
}

function matches(record: ContactRecord, filter: ContactFilter, scope: ContactScope): boolean {
  if (!filter.tags.every((tag) => record.tags.includes(tag))) return false;
  if (filter.wallet && record.wallet !== filter.wallet) return false;
  if (filter.smartTag && !record.smart_tags.includes(filter.smartTag)) return false;
  if (scope.limited && !mayManage(scope, record)) return false;
  if (isNameSearch(filter.search)) return nameMatches(foldText(record.full_name), filter.search.trim());
  return true;
}

/** One page of the contacts the caller may see that pass the filter, in the driver's (name) order. */
export async function searchContacts(
  scope: ContactScope,
  filter: ContactFilter,
  cursor: string | undefined,
  limit: number,
): Promise<{ contacts: ContactRecord[]; next_cursor: string | null }> {
  const companyId = scope.auth.companyId;
  const driver = driverOf(companyId, filter);
  if (driver.kind === 'none') return { contacts: [], next_cursor: null };
  if (driver.kind === 'claim') {
    const owner = await claimOwner(driver.key);
    const found = owner ? await readContacts(companyId, [owner]) : [];
    return { contacts: found.filter((record) => matches(record, filter, scope)), next_cursor: null };
  }
  const contacts: ContactRecord[] = [];
  const seen = new Set<string>();
  let start = decodeCursor(cursor, companyId, driver.pk);
  for (let round = 0; ; round += 1) {
    const page = await queryOnce(queryOf(driver, filter, limit, round), start);
    const items = page.items;
    // Index items whose name cannot match are dropped before their profiles are read (a common first name
    // has thousands of token items, a tag thousands of members).
    const candidates = items.flatMap((item, index) => (nameMayMatch(item, filter) ? [{ item, index }] : []));
    for (let at = 0; at < candidates.length; at += PROFILE_BATCH) {
      const chunk = candidates.slice(at, at + PROFILE_BATCH);
      const records = new Map(
        (
          await readContacts(
            companyId,
            chunk.map(({ item }) => idOf(item)),
          )
        ).map((r) => [r._id, r]),
      );
      for (const { item, index } of chunk) {
        const record = records.get(idOf(item));
        if (record && !seen.has(record._id) && matches(record, filter, scope)) {
          seen.add(record._id);
          contacts.push(record);
        }
        if (contacts.length === limit) {
          const more = index < items.length - 1 || page.last !== undefined;
          return { contacts, next_cursor: more ? encodeCursor(keyOf(item, driver)) : null };
        }
      }
    }
    if (!page.last) return { contacts, next_cursor: null };
    start = page.last;
  }
}

const idOf = (item: Record<string, unknown>) =>
  typeof item.customer === 'string' ? item.customer : String(item._id);

/**
 * One Query of the driver. Index items (name tokens, tag and smart-tag members) are read without their other
 * attributes, and a name search reads many per Query: most are dropped by the name they carry.
 */
function queryOf(
  driver: Extract<Driver, { kind: 'query' }>,
  filter: ContactFilter,
  limit: number,
  round: number,
): QueryInput {
  return {
    ...(driver.index ? {} : { ProjectionExpression: '#pk, #sk, customer, entity, #name, #id' }),
    ...(driver.index ? { IndexName: driver.index } : {}),
    KeyConditionExpression: driver.prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: {
      '#pk': driver.pkName,
      ...(driver.prefix || !driver.index ? { '#sk': driver.skName } : {}),
      ...(driver.index ? {} : { '#name': 'name', '#id': '_id' }),
    },
    ExpressionAttributeValues: {
      ':pk': driver.pk,
      ...(driver.prefix ? { ':prefix': driver.prefix } : {}),
    },
    Limit: isNameSearch(filter.search)
      ? Math.min(NAME_PAGE * 2 ** round, MAX_NAME_PAGE)
      : Math.max(limit * 2, 20),
  };
}

function keyOf(item: Record<string, unknown>, driver: Extract<Driver, { kind: 'query' }>) {
  const names = ['pk', 'sk', ...(driver.index ? [driver.pkName, driver.skName] : [])];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}
