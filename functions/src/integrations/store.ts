import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { integrationKeys } from './keys.ts';
import { type IntegrationRecord, integrationPointer, integrationRecord } from './records.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { readCache } from '../lib/read-cache.ts';

export async function getIntegration(
  companyId: string,
  integrationId: string,
): Promise<IntegrationRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: integrationKeys.item(companyId, integrationId),
      ConsistentRead: true,
    }),
  );
  return Item ? integrationRecord.parse(Item) : undefined;
}

/** A company's integrations, oldest first (ids are time-ordered object ids). */
export async function listIntegrations(companyId: string): Promise<IntegrationRecord[]> {
  const items = await queryAllByPrefix(integrationKeys.list(companyId), integrationKeys.itemPrefix);
  return items.flatMap((item) => {
    const parsed = integrationRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The integration a public request names, found without knowing the company: the pointer gives the company,
 * then the company's own item is read (and must still exist and be of the expected type).
 */
export async function findIntegration(integrationId: string): Promise<IntegrationRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: integrationKeys.pointer(integrationId) }),
  );
  const pointer = integrationPointer.safeParse(Item);
  if (!pointer.success) return undefined;
  return getIntegration(pointer.data.companyId, integrationId);
}

/**
 * `findIntegration` for the hot public routes (a widget's every message): an integration's record changes only
 * by an administrator's edit or delete, which forget it here (`forgetIntegration`); another process's edit is
 * seen within INTEGRATION_CACHE_MS (a deleted widget may take a message in that window, which the engine then
 * ignores, as the company no longer lists it). An unknown id is never kept.
 */
const INTEGRATION_CACHE_MS = 5_000;
const publicIntegrations = readCache<IntegrationRecord | undefined>(INTEGRATION_CACHE_MS);

export async function findIntegrationCached(integrationId: string): Promise<IntegrationRecord | undefined> {
  const record = await publicIntegrations.get(integrationId, () => findIntegration(integrationId));
  if (!record) publicIntegrations.forget(integrationId);
  return record;
}

export const forgetIntegration = (integrationId: string): void => publicIntegrations.forget(integrationId);

/** The writes that create an integration with its pointer; both must be new. */
export function integrationPuts(record: IntegrationRecord): TransactItem[] {
  const TableName = config().mainTable;
  return [
    {
      Put: {
        TableName,
        Item: { ...integrationKeys.item(record.company, record._id), entity: 'integration', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName,
        Item: { ...integrationKeys.pointer(record._id), companyId: record.company, type: record.type },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** The writes that remove an integration and its pointer; the integration must still exist. */
export function integrationDeletes(companyId: string, integrationId: string): TransactItem[] {
  const TableName = config().mainTable;
  return [
    {
      Delete: {
        TableName,
        Key: integrationKeys.item(companyId, integrationId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName, Key: integrationKeys.pointer(integrationId) } },
  ];
}

/** Replaces a stored integration (rename, rotated credentials, connection); it must still exist. */
export function integrationReplace(record: IntegrationRecord): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: { ...integrationKeys.item(record.company, record._id), entity: 'integration', ...record },
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
