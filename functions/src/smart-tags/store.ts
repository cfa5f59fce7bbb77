import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  conditionFailed,
  isConditionFailure,
  retryOnConflict,
  type TransactItem,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { customerEntity } from '../contacts/entities.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchGet } from '../lib/dynamo/batch-get.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { queryOnePage } from '../lib/dynamo/query.ts';
import { smartTagKeys } from './keys.ts';
import type { SmartTagRecord } from './records.ts';

const table = () => config().mainTable;

const pairKey = (tagId: string, customerId: string) => `${tagId}|${customerId}`;

/** Which of the (smart tag, contact) pairs are members now, as `<tag>|<contact>` strings. */
export async function readMemberships(
  companyId: string,
  pairs: readonly { tagId: string; customerId: string }[],
): Promise<Set<string>> {
  const found = await batchGet(
    pairs.map((pair) => smartTagKeys.member(companyId, pair.tagId, pair.customerId)),
    { attributes: ['smart_tag', 'customer'], consistent: false },
  );
  const members = new Set<string>();
  for (const item of found.values()) {
    if (typeof item.smart_tag === 'string' && typeof item.customer === 'string')
      members.add(pairKey(item.smart_tag, item.customer));
  }
  return members;
}

export const isMember = (memberships: ReadonlySet<string>, tagId: string, customerId: string) =>
  memberships.has(pairKey(tagId, customerId));

/**
 * Adds or removes one member with the smart tag's count in one transaction. The member item's condition
 * makes a repeated change a no-op ('unchanged'); the count's condition on rule_version refuses a change
 * computed under a rule that has since been edited, or for a removed smart tag ('stale').
 */
export async function changeMembership(
  companyId: string,
  tag: Pick<SmartTagRecord, '_id' | 'rule_version'>,
  customerId: string,
  member: boolean,
  now: string,
): Promise<'changed' | 'unchanged' | 'stale'> {
  const key = smartTagKeys.member(companyId, tag._id, customerId);
  const memberWrite = member
    ? {
        Put: {
          TableName: table(),
          Item: {
            ...key,
            entity: 'smart_tag_member',
            smart_tag: tag._id,
            customer: customerId,
            added_at: now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }
    : { Delete: { TableName: table(), Key: key, ConditionExpression: 'attribute_exists(pk)' } };
  const definition: TransactItem = {
    Update: {
      TableName: table(),
      Key: smartTagKeys.definition(companyId, tag._id),
      UpdateExpression: 'ADD members_count :delta',
      ConditionExpression: 'rule_version = :version',
      ExpressionAttributeValues: { ':delta': member ? 1 : -1, ':version': tag.rule_version },
    },
  };
  try {
    await retryOnConflict(() => transactWrite({ member: memberWrite, definition }), 5);
    return 'changed';
  } catch (error) {
    if (conditionFailed(error, 'definition')) return 'stale';
    if (conditionFailed(error, 'member')) return 'unchanged';
    throw error;
  }
}

/** One page of a smart tag's member ids, in id order. */
export async function listMemberIds(
  companyId: string,
  tagId: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ ids: string[]; next: string | null }> {
  const partition = smartTagKeys.members(companyId, tagId);
  const page = await queryOnePage(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'pk, sk',
      Limit: limit,
    },
    { companyId, cursor, partition },
  );
  return { ids: page.items.map((item) => String(item.sk)), next: page.nextCursor };
}

/** Ids among `ids` whose contact profile no longer exists. */
export async function missingContacts(companyId: string, ids: readonly string[]): Promise<string[]> {
  const found = await batchGet(
    ids.map((id) => customerEntity.key(companyId, id)),
    { attributes: ['_id'], consistent: false },
  );
  const present = new Set([...found.values()].map((item) => String(item._id)));
  return ids.filter((id) => !present.has(id));
}

/** Deletes every member item of a removed smart tag; answers the contacts that were members. */
export async function purgeMembers(companyId: string, tagId: string): Promise<string[]> {
  const removed: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMemberIds(companyId, tagId, cursor, 100);
    await batchWrite(
      page.ids.map((id) => ({ DeleteRequest: { Key: smartTagKeys.member(companyId, tagId, id) } })),
    );
    removed.push(...page.ids);
    cursor = page.next ?? undefined;
  } while (cursor);
  return removed;
}

/**
 * Moves a run's checkpoint, only while that run is still the smart tag's current one: undefined tells the
 * runner an edit or a newer run took over. The answer carries the members count the checkpoint left.
 */
export async function checkpoint(
  companyId: string,
  tagId: string,
  run: string,
  change: { cursor: string | null; processed: number; total?: number; status: SmartTagRecord['status'] },
  now: string,
): Promise<{ membersCount: number } | undefined> {
  const done = change.status === 'ready';
  try {
    const answer = await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: smartTagKeys.definition(companyId, tagId),
        UpdateExpression:
          'SET #cursor = :cursor, #processed = :processed, #status = :status' +
          (change.total !== undefined ? ', #total = :total' : '') +
          (done ? ', refreshed_at = :now' : ''),
        ConditionExpression: 'attribute_exists(pk) AND #run = :run',
        ExpressionAttributeNames: {
          '#cursor': 'cursor',
          '#status': 'status',
          '#run': 'run',
          '#processed': 'processed',
          ...(change.total !== undefined ? { '#total': 'total' } : {}),
        },
        ExpressionAttributeValues: {
          ':cursor': change.cursor,
          ':processed': change.processed,
          ':status': change.status,
          ':run': run,
          ...(change.total !== undefined ? { ':total': change.total } : {}),
          ...(done ? { ':now': now } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { membersCount: Number(answer.Attributes?.members_count ?? 0) };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Starts a new run of an existing smart tag (the daily run, an import): back to pending from the start. */
export async function restartRun(companyId: string, tagId: string, run: string): Promise<boolean> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: smartTagKeys.definition(companyId, tagId),
        UpdateExpression: 'SET #run = :run, #status = :pending, #processed = :zero, #cursor = :null',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: {
          '#run': 'run',
          '#status': 'status',
          '#cursor': 'cursor',
          '#processed': 'processed',
        },
        ExpressionAttributeValues: { ':run': run, ':pending': 'pending', ':zero': 0, ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
