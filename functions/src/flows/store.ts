import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type FlowGraph, flowGraph } from '@atende/shared/contracts/flows/graph';
import { flowVersionEntry } from '@atende/shared/contracts/flows/views';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { type TransactItem, TransactionCancelled, transactWrite } from '../lib/dynamo/transaction.ts';
import { CHANNEL_SK_PREFIX, FLOW_SK_PREFIX, flowKeys } from './keys.ts';

/** A flow's header item: everything but the graphs. */
export const flowRecord = z.object({
  _id: z.string(),
  company: z.string(),
  name: z.string(),
  published_version: z.number().int().positive().nullable(),
  draft_changed: z.boolean(),
  versions: z.array(flowVersionEntry),
  /** Channels whose link names this flow: a delete is refused while above zero. */
  channel_count: z.number().int().nonnegative().default(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlowRecord = z.infer<typeof flowRecord>;

const channelLink = z.object({ integration: z.string(), flow: z.string() });
export type ChannelLink = z.infer<typeof channelLink>;

const graphItem = z.object({ graph: flowGraph });
const table = () => config().mainTable;

/**
 * One transaction of named items (lib/dynamo): answers the names of the conditions that failed, so callers
 * react to what was guarded, never to a position; anything else is rethrown.
 */
async function transact(items: readonly { name: string; item: TransactItem }[]): Promise<string[]> {
  try {
    await transactWrite(Object.fromEntries(items.map((entry) => [entry.name, entry.item])));
    return [];
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failed.size > 0) return [...error.failed];
    throw error;
  }
}

export async function listFlowItems(
  companyId: string,
): Promise<{ flows: FlowRecord[]; links: ChannelLink[] }> {
  const [flows, links] = await Promise.all([
    queryAllByPrefix(flowKeys.list(companyId), FLOW_SK_PREFIX),
    queryAllByPrefix(flowKeys.list(companyId), CHANNEL_SK_PREFIX),
  ]);
  return {
    flows: flows.map((item) => flowRecord.parse(item)),
    links: links.map((item) => channelLink.parse(item)),
  };
}

export async function getFlowRecord(companyId: string, flowId: string): Promise<FlowRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: flowKeys.flow(companyId, flowId), ConsistentRead: true }),
  );
  return Item ? flowRecord.parse(Item) : undefined;
}

async function getGraph(
  key: { pk: string; sk: string },
  consistent: boolean,
): Promise<FlowGraph | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }),
  );
  return Item ? graphItem.parse(Item).graph : undefined;
}

export const getDraft = (companyId: string, flowId: string) =>
  getGraph(flowKeys.draft(companyId, flowId), true);

/** A published version: immutable, so an eventually consistent read is as good as any. */
export const getVersionGraph = (companyId: string, flowId: string, version: number) =>
  getGraph(flowKeys.version(companyId, flowId, version), false);

export async function getChannelLink(
  companyId: string,
  integrationId: string,
): Promise<ChannelLink | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: flowKeys.channel(companyId, integrationId) }),
  );
  return Item ? channelLink.parse(Item) : undefined;
}

/** Writes a new flow and its draft; false when the plan's limit is reached (the counter guards it). */
export async function insertFlow(record: FlowRecord, draft: FlowGraph, max: number): Promise<boolean> {
  const counterLimit = Number.isFinite(max)
    ? {
        ConditionExpression: 'attribute_not_exists(n) OR n < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': max },
      }
    : { ExpressionAttributeValues: { ':one': 1 } };
  const failed = await transact([
    {
      name: 'counter',
      item: {
        Update: {
          TableName: table(),
          Key: flowKeys.counter(record.company),
          UpdateExpression: 'ADD n :one',
          ...counterLimit,
        },
      },
    },
    {
      name: 'flow',
      item: {
        Put: {
          TableName: table(),
          Item: { ...flowKeys.flow(record.company, record._id), ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'draft',
      item: {
        Put: { TableName: table(), Item: { ...flowKeys.draft(record.company, record._id), graph: draft } },
      },
    },
  ]);
  if (failed.includes('counter')) return false;
  if (failed.length > 0) throw new Error(`flow insert failed on ${failed.join(', ')}`);
  return true;
}

const existing = (
  companyId: string,
  flowId: string,
  set: string,
  values: Record<string, unknown>,
): TransactItem => ({
  Update: {
    TableName: table(),
    Key: flowKeys.flow(companyId, flowId),
    UpdateExpression: `SET ${set}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: values,
    ...(set.includes('#name') ? { ExpressionAttributeNames: { '#name': 'name' } } : {}),
  },
});

/** Replaces the draft; false when the flow is gone. */
export async function writeDraft(
  companyId: string,
  flowId: string,
  graph: FlowGraph,
  now: string,
): Promise<boolean> {
  const failed = await transact([
    {
      name: 'flow',
      item: existing(companyId, flowId, 'updated_at = :now, draft_changed = :t', { ':now': now, ':t': true }),
    },
    {
      name: 'draft',
      item: { Put: { TableName: table(), Item: { ...flowKeys.draft(companyId, flowId), graph } } },
    },
  ]);
  return failed.length === 0;
}

export async function renameFlowRecord(companyId: string, flowId: string, name: string, now: string) {
  const failed = await transact([
    {
      name: 'flow',
      item: existing(companyId, flowId, '#name = :name, updated_at = :now', { ':name': name, ':now': now }),
    },
  ]);
  return failed.length === 0;
}

/**
 * Freezes `graph` as version `entry.version`: the version item may be written once only, and the header moves
 * only from the version it was read at, so two concurrent publishes cannot both claim one number.
 */
export async function insertVersion(
  record: FlowRecord,
  graph: FlowGraph,
  entry: z.infer<typeof flowVersionEntry>,
): Promise<boolean> {
  const failed = await transact([
    {
      name: 'version',
      item: {
        Put: {
          TableName: table(),
          Item: { ...flowKeys.version(record.company, record._id, entry.version), graph, ...entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'flow',
      item: {
        Update: {
          TableName: table(),
          Key: flowKeys.flow(record.company, record._id),
          UpdateExpression:
            'SET published_version = :v, versions = list_append(versions, :entry), draft_changed = :f, updated_at = :now',
          // The first publish moves from a stored null; later ones from the number read.
          ConditionExpression:
            record.published_version === null
              ? 'attribute_exists(pk) AND attribute_type(published_version, :prev)'
              : 'attribute_exists(pk) AND published_version = :prev',
          ExpressionAttributeValues: {
            ':v': entry.version,
            ':entry': [entry],
            ':f': false,
            ':now': entry.published_at,
            ':prev': record.published_version ?? 'NULL',
          },
        },
      },
    },
  ]);
  return failed.length === 0;
}

/** Removes a flow unused by channels; false when a channel links it (or it is gone). Versions stay for running conversations. */
export async function removeFlow(companyId: string, flowId: string): Promise<boolean> {
  const failed = await transact([
    {
      name: 'flow',
      item: {
        Delete: {
          TableName: table(),
          Key: flowKeys.flow(companyId, flowId),
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(channel_count) OR channel_count = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
    },
    { name: 'draft', item: { Delete: { TableName: table(), Key: flowKeys.draft(companyId, flowId) } } },
    {
      name: 'counter',
      item: {
        Update: {
          TableName: table(),
          Key: flowKeys.counter(companyId),
          UpdateExpression: 'ADD n :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    },
  ]);
  return failed.length === 0;
}

const countBy = (companyId: string, flowId: string, delta: number, name: string) => ({
  name,
  item: {
    Update: {
      TableName: table(),
      Key: flowKeys.flow(companyId, flowId),
      UpdateExpression: 'ADD channel_count :d',
      ConditionExpression:
        delta > 0 ? 'attribute_exists(pk) AND published_version > :zero' : 'attribute_exists(pk)',
      ExpressionAttributeValues: delta > 0 ? { ':d': delta, ':zero': 0 } : { ':d': delta },
    },
  } satisfies TransactItem,
});

/**
 * Points a channel at `next` (or at nothing), moving both flows' channel counts in the same transaction.
 * Returns the failed guard: 'next' when the new flow is gone or unpublished, 'link' when the link moved meanwhile.
 */
export async function relinkChannel(
  companyId: string,
  integrationId: string,
  previous: string | undefined,
  next: string | null,
): Promise<string[]> {
  if (previous === (next ?? undefined)) return [];
  const key = flowKeys.channel(companyId, integrationId);
  const guard = previous
    ? { ConditionExpression: 'flow = :prev', ExpressionAttributeValues: { ':prev': previous } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const items: { name: string; item: TransactItem }[] = [
    next
      ? {
          name: 'link',
          item: {
            Put: { TableName: table(), Item: { ...key, integration: integrationId, flow: next }, ...guard },
          },
        }
      : { name: 'link', item: { Delete: { TableName: table(), Key: key, ...guard } } },
  ];
  if (next) items.push(countBy(companyId, next, 1, 'next'));
  if (previous) items.push(countBy(companyId, previous, -1, 'previous'));
  return transact(items);
}
