import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../lib/dynamo/transaction.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { sessionIntegrationRecord, type SessionIntegrationRecord, sessionKeys } from './records.ts';
import { queryAll, queryAllByPrefix } from '../../lib/dynamo/query.ts';

const itemOf = (record: SessionIntegrationRecord) => ({
  ...sessionKeys.item(record.company, record._id),
  ...sessionKeys.registry(record.company, record._id),
  entity: 'whatsapp-session',
  ...record,
});

export async function getSessionIntegration(
  companyId: string,
  integrationId: string,
): Promise<SessionIntegrationRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: sessionKeys.item(companyId, integrationId),
      ConsistentRead: true,
    }),
  );
  return Item ? sessionIntegrationRecord.parse(Item) : undefined;
}

export async function listSessionIntegrations(companyId: string): Promise<SessionIntegrationRecord[]> {
  const items = await queryAllByPrefix(sessionKeys.list(companyId), sessionKeys.itemPrefix);
  return items.map((item) => sessionIntegrationRecord.parse(item));
}

/** Every company's sessions the worker should keep up (the gsi1 registry). */
export async function listActiveSessions(): Promise<Array<{ companyId: string; integrationId: string }>> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'active = :active',
    ExpressionAttributeValues: { ':pk': sessionKeys.registryPartition, ':active': true },
  });
  return items.flatMap((item) => {
    const parsed = sessionIntegrationRecord.safeParse(item);
    return parsed.success ? [{ companyId: parsed.data.company, integrationId: parsed.data._id }] : [];
  });
}

/** A new integration: the item must not exist. */
export function sessionIntegrationPut(record: SessionIntegrationRecord): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: itemOf(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A change of a stored integration: it must still exist. */
export function sessionIntegrationReplace(record: SessionIntegrationRecord): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: itemOf(record),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

export function sessionIntegrationDelete(companyId: string, integrationId: string): TransactItem {
  return {
    Delete: {
      TableName: config().mainTable,
      Key: sessionKeys.item(companyId, integrationId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** Worker-side writes that touch only the item (the QR of an attempt); a removed integration stays removed. */
export async function putSessionIntegration(record: SessionIntegrationRecord): Promise<boolean> {
  try {
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: itemOf(record),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
