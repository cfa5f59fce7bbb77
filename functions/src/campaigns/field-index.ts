import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { customerEntity } from '../contacts/entities.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchWrite, type WriteRequest } from '../lib/dynamo/batch-write.ts';
import { queryAll } from '../lib/dynamo/query.ts';

/**
 * Custom-field audiences read an index, not the company's contacts:
 *
 * - field member:  pk C#<cid>#CFIELD#<sha256(key, value), 32 hex>  sk <contact id>   (field, value kept for reading)
 * - index ready:   pk C#<cid>#CFIELDINDEX                           sk READY
 *
 * The field-index event consumer keeps the members of every contact created, updated or deleted; the first
 * custom-field audience of a company that has no READY marker builds the members of the contacts stored before
 * the index (one read of that company's contacts, ever), then marks it. A member whose contact changed since is
 * harmless: the audience reads the contacts it names and matches their current fields again.
 */
type Fields = Record<string, string | number | null | undefined>;

const base = (companyId: string) => `C#${companyId}#`;
const hashOf = (key: string, value: string) =>
  createHash('sha256').update(key).update('\u0000').update(value).digest('hex').slice(0, 32);
export const fieldIndexKeys = {
  members: (companyId: string, key: string, value: string) =>
    `${base(companyId)}CFIELD#${hashOf(key, value)}`,
  ready: (companyId: string) => ({ pk: `${base(companyId)}CFIELDINDEX`, sk: 'READY' }),
};

/** The (key, value) pairs a contact is a member of: what an equality filter on that value would match. */
export function indexedPairs(fields: Fields | undefined): Array<[string, string]> {
  return Object.entries(fields ?? {}).flatMap(([key, value]) =>
    value === null || value === undefined || String(value) === ''
      ? []
      : [[key, String(value)] as [string, string]],
  );
}

const pairId = ([key, value]: [string, string]) => `${key}\u0000${value}`;

const putMember = (companyId: string, contactId: string, [key, value]: [string, string]): WriteRequest => ({
  PutRequest: {
    Item: { pk: fieldIndexKeys.members(companyId, key, value), sk: contactId, field: key, value },
  },
});
const deleteMember = (
  companyId: string,
  contactId: string,
  [key, value]: [string, string],
): WriteRequest => ({
  DeleteRequest: { Key: { pk: fieldIndexKeys.members(companyId, key, value), sk: contactId } },
});

/**
 * Brings a contact's members from `previous` fields to `current` ones (undefined: the contact is gone). Safe to
 * repeat and to run out of order when `current` is read at the time of running.
 */
export async function reindexContact(
  companyId: string,
  contactId: string,
  previous: Fields | undefined,
  current: Fields | undefined,
): Promise<void> {
  const keep = indexedPairs(current);
  const kept = new Set(keep.map(pairId));
  const requests = [
    ...indexedPairs(previous)
      .filter((pair) => !kept.has(pairId(pair)))
      .map((pair) => deleteMember(companyId, contactId, pair)),
    ...keep.map((pair) => putMember(companyId, contactId, pair)),
  ];
  if (requests.length > 0) await batchWrite(requests);
}

async function indexReady(companyId: string): Promise<boolean> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: fieldIndexKeys.ready(companyId) }),
  );
  return Boolean(Item);
}

/** The members of contacts stored before the index (once per company), then the READY marker. */
async function buildIndex(companyId: string): Promise<void> {
  const requests: WriteRequest[] = [];
  for await (const page of customerEntity.queryPages('all', [companyId], {
    ProjectionExpression: '#id, custom_fields',
    ExpressionAttributeNames: { '#id': '_id' },
  })) {
    for (const item of page.items) {
      if (typeof item._id !== 'string') continue;
      for (const pair of indexedPairs(item.custom_fields as Fields | undefined)) {
        requests.push(putMember(companyId, item._id, pair));
      }
    }
  }
  await batchWrite(requests, { parallel: 4 });
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: { ...fieldIndexKeys.ready(companyId), built_at: new Date().toISOString() },
    }),
  );
}

/**
 * Ids of the contacts whose field `key` holds `value` (a superset when a contact changed a moment ago: callers
 * match the current fields again). Undefined for an empty value, which names the contacts lacking the field
 * and has no members to read.
 */
export async function contactsWithField(
  companyId: string,
  key: string,
  value: string,
): Promise<string[] | undefined> {
  if (value === '') return undefined;
  if (!(await indexReady(companyId))) await buildIndex(companyId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': fieldIndexKeys.members(companyId, key, value) },
    ProjectionExpression: 'sk',
  });
  return items.flatMap((item) => (typeof item.sk === 'string' ? [item.sk] : []));
}
