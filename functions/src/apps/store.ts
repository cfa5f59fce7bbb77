import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AppName } from '@atende/shared/domain/apps';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { appKeys } from './keys.ts';
import { appPointer, type AppRecord, appRecord } from './records.ts';

/**
 * The CRMs read back by the schedule (CRM → here), for want of webhooks they document for persons: their
 * installations get a poll entry. Pipedrive posts its person events instead.
 */
export const POLLED_APPS: readonly AppName[] = ['agendor', 'nectar', 'salesforce', 'rdstation'];

/** The schedule's entry of a polled installation (no mark yet: the first run reads from its install time). */
export const pollEntryItem = (record: Pick<AppRecord, '_id' | 'company' | 'name'>) => ({
  ...appKeys.poll(record._id),
  companyId: record.company,
  name: record.name,
});

export async function getApp(companyId: string, name: AppName): Promise<AppRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: appKeys.item(companyId, name),
      ConsistentRead: true,
    }),
  );
  return Item ? appRecord.parse(Item) : undefined;
}

export async function listApps(companyId: string): Promise<AppRecord[]> {
  const items = await queryAllByPrefix(appKeys.list(companyId), appKeys.itemPrefix);
  return items.flatMap((item) => {
    const parsed = appRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The installation a public request names (a shop webhook), found through its pointer; must still exist. */
export async function findApp(installationId: string): Promise<AppRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: appKeys.pointer(installationId) }),
  );
  const pointer = appPointer.safeParse(Item);
  if (!pointer.success) return undefined;
  const record = await getApp(pointer.data.companyId, pointer.data.name);
  return record?._id === installationId ? record : undefined;
}

/** The installation and its pointer; the app must not be installed already (index 0 fails otherwise). */
export function appPuts(record: AppRecord): TransactItem[] {
  const TableName = config().mainTable;
  return [
    {
      Put: {
        TableName,
        Item: { ...appKeys.item(record.company, record.name), entity: 'app', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName,
        Item: { ...appKeys.pointer(record._id), companyId: record.company, name: record.name },
      },
    },
    ...(POLLED_APPS.includes(record.name) ? [{ Put: { TableName, Item: pollEntryItem(record) } }] : []),
  ];
}

/** Removes the installation (which must be the one read) and its pointer. */
export function appDeletes(record: AppRecord): TransactItem[] {
  const TableName = config().mainTable;
  return [
    {
      Delete: {
        TableName,
        Key: appKeys.item(record.company, record.name),
        ConditionExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: { ':id': record._id },
      },
    },
    { Delete: { TableName, Key: appKeys.pointer(record._id) } },
    ...(POLLED_APPS.includes(record.name) ? [{ Delete: { TableName, Key: appKeys.poll(record._id) } }] : []),
  ];
}
