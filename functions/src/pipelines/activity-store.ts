import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REMINDER_LEAD_MINUTES } from '@atende/shared/contracts/pipelines/activity-views';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { anyConditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { Conflict } from '../lib/errors.ts';
import type { TransactItem } from './deal-store.ts';
import { activityKeys } from './keys.ts';
import { activityRecord, type ActivityRecord } from './records.ts';

const table = () => config().mainTable;

export const remindAt = (dueAt: string): string =>
  new Date(Date.parse(dueAt) - REMINDER_LEAD_MINUTES * 60_000).toISOString();

/**
 * The items of an activity's write: the activity, and its reminder while it is open, not yet reminded and
 * still ahead (an activity created overdue is listed, not announced). A change that no longer needs the
 * reminder deletes it.
 */
export function activityWrites(
  before: ActivityRecord | undefined,
  after: ActivityRecord,
  now: Date,
): TransactItem[] {
  const condition = before
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: {
          ...activityKeys.activity(after.company, after._id),
          ...activityKeys.indexes(after.company, after),
          ...after,
        },
        ...condition,
      },
    },
  ];
  const wantsReminder =
    after.status === 'open' && after.reminded_at === null && Date.parse(after.due_at) > now.getTime();
  const at = remindAt(after.due_at);
  if (wantsReminder) {
    items.push({
      Put: {
        TableName: table(),
        Item: {
          ...activityKeys.reminder(after.company, after._id),
          ...activityKeys.reminderIndex(after.company, after._id, at),
          entity: 'activity_reminder',
          company: after.company,
          activity: after._id,
          remind_at: at,
        },
      },
    });
  } else if (before) {
    items.push({ Delete: { TableName: table(), Key: activityKeys.reminder(after.company, after._id) } });
  }
  return items;
}

export async function writeActivity(
  before: ActivityRecord | undefined,
  after: ActivityRecord,
  now = new Date(),
): Promise<void> {
  try {
    await transactWrite({ activity: activityWrites(before, after, now) });
  } catch (error) {
    if (anyConditionFailed(error)) throw new Conflict(pipelineMessagesPtBR.changedMeanwhile);
    throw error;
  }
}

export async function readActivity(companyId: string, id: string): Promise<ActivityRecord | undefined> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: activityKeys.activity(companyId, id) }),
  );
  return answer.Item ? activityRecord.parse(answer.Item) : undefined;
}

/** Which index an agenda listing reads: the company's, one assignee's or one contact's, by due time. */
export type ActivitySource =
  { kind: 'company' } | { kind: 'assignee'; assignee: string } | { kind: 'customer'; customer: string };

const SOURCES = {
  company: { index: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  assignee: { index: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  customer: { index: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
} as const;

function partition(companyId: string, source: ActivitySource): string {
  if (source.kind === 'assignee') return activityKeys.assignee(companyId, source.assignee);
  if (source.kind === 'customer') return activityKeys.customer(companyId, source.customer);
  return activityKeys.due(companyId);
}

/** One page of activities due in [from, to] (ISO instants, either open), earliest first. */
export async function queryActivities(
  companyId: string,
  source: ActivitySource,
  range: { from?: string; to?: string },
  startKey: Record<string, unknown> | undefined,
  limit: number,
): Promise<{ activities: ActivityRecord[]; lastKey: Record<string, unknown> | undefined }> {
  const { index, pk, sk } = SOURCES[source.kind];
  // Sort keys are `<due_at>#<id>`: '#' sorts before every id character and '~' after, bounding whole instants.
  const from = range.from ? new Date(range.from).toISOString() : undefined;
  const to = range.to ? `${new Date(range.to).toISOString()}#~` : undefined;
  const rangeCondition =
    from && to
      ? ` AND ${sk} BETWEEN :from AND :to`
      : from
        ? ` AND ${sk} >= :from`
        : to
          ? ` AND ${sk} <= :to`
          : '';
  const page = await clients().document.send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${pk} = :pk${rangeCondition}`,
      ExpressionAttributeValues: {
        ':pk': partition(companyId, source),
        ...(from ? { ':from': from } : {}),
        ...(to ? { ':to': to } : {}),
      },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    activities: (page.Items ?? []).map((item) => activityRecord.parse(item)),
    lastKey: page.LastEvaluatedKey,
  };
}
