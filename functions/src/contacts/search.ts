import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import { isEmail } from '@atende/shared/rules/formats';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import { contactKeys } from './keys.ts';
import type { ContactRecord } from './records.ts';
import { type ContactScope, mayManage } from './scope.ts';
import { claimOwner, readContacts } from './store.ts';
import { foldText, nameTokens } from './text.ts';

export interface ContactFilter {
  search?: string | undefined;
  tags: readonly string[];
  wallet?: string | undefined;
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

function driverOf(companyId: string, filter: ContactFilter, scope: ContactScope): Driver {
  const search = filter.search?.trim();
  if (search) {
    if (isEmail(search))
      return { kind: 'claim', key: contactKeys.emailClaim(companyId, normalizeEmail(search)) };
    if (/^[\d\s()+.-]+$/.test(search) && search.replace(/\D/g, '').length >= 8) {
      const phone = normalizePhone(search);
      return phone ? { kind: 'claim', key: contactKeys.phoneClaim(companyId, phone) } : { kind: 'none' };
    }
    const [first] = [...nameTokens(search)].sort((a, b) => b.length - a.length);
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
  const wallet = filter.wallet ?? (scope.limited && scope.own.size === 1 ? [...scope.own][0] : undefined);
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

function matches(record: ContactRecord, filter: ContactFilter, scope: ContactScope): boolean {
  if (!filter.tags.every((tag) => record.tags.includes(tag))) return false;
  if (filter.wallet && record.wallet !== filter.wallet) return false;
  if (scope.limited && !mayManage(scope, record)) return false;
  const search = filter.search?.trim();
  if (search && !isEmail(search) && !/^[\d\s()+.-]+$/.test(search)) {
    const words = foldText(record.full_name).split(' ');
    return nameTokens(search).every((token) => words.some((word) => word.startsWith(token)));
  }
  return true;
}

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string | undefined, pk: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (Object.values(key).every((value) => typeof value === 'string') && Object.values(key).includes(pk)) {
      return key;
    }
  } catch {
    // an unreadable cursor is refused below
  }
  throw new Invalid('cursor', 'Campo inválido: cursor');
}

/** One page of the contacts the caller may see that pass the filter, in the driver's (name) order. */
export async function searchContacts(
  scope: ContactScope,
  filter: ContactFilter,
  cursor: string | undefined,
  limit: number,
): Promise<{ contacts: ContactRecord[]; next_cursor: string | null }> {
  const companyId = scope.auth.companyId;
  const driver = driverOf(companyId, filter, scope);
  if (driver.kind === 'none') return { contacts: [], next_cursor: null };
  if (driver.kind === 'claim') {
    const owner = await claimOwner(driver.key);
    const found = owner ? await readContacts(companyId, [owner]) : [];
    return { contacts: found.filter((record) => matches(record, filter, scope)), next_cursor: null };
  }
  const contacts: ContactRecord[] = [];
  let start = decodeCursor(cursor, driver.pk);
  while (contacts.length < limit) {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        ...(driver.index ? { IndexName: driver.index } : {}),
        KeyConditionExpression: driver.prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': driver.pkName,
          ...(driver.prefix ? { '#sk': driver.skName } : {}),
        },
        ExpressionAttributeValues: {
          ':pk': driver.pk,
          ...(driver.prefix ? { ':prefix': driver.prefix } : {}),
        },
        ExclusiveStartKey: start,
        Limit: Math.max(limit * 2, 20),
      }),
    );
    const items = page.Items ?? [];
    const ids = items.map((item) => (typeof item.customer === 'string' ? item.customer : String(item._id)));
    const records = new Map((await readContacts(companyId, ids)).map((record) => [record._id, record]));
    for (const [index, item] of items.entries()) {
      const record = records.get(ids[index] as string);
      if (record && matches(record, filter, scope) && !contacts.some((c) => c._id === record._id)) {
        contacts.push(record);
      }
      if (contacts.length === limit) {
        const more = index < items.length - 1 || page.LastEvaluatedKey !== undefined;
        return { contacts, next_cursor: more ? encodeCursor(keyOf(item, driver)) : null };
      }
    }
    if (!page.LastEvaluatedKey) return { contacts, next_cursor: null };
    start = page.LastEvaluatedKey;
  }
  return { contacts, next_cursor: null };
}

function keyOf(item: Record<string, unknown>, driver: Extract<Driver, { kind: 'query' }>) {
  const names = ['pk', 'sk', ...(driver.index ? [driver.pkName, driver.skName] : [])];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}
