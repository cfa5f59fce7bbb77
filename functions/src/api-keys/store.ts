import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyView } from '@atende/shared/contracts/api-keys/views';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';

/** API keys: `C#<cid>#API_KEY` / `<keyId>` (at most 50 a company, listed with one Query). */
export const apiKeyKeys = {
  keys: (companyId: string) => `C#${companyId}#API_KEY`,
  key: (companyId: string, keyId: string) => ({ pk: apiKeyKeys.keys(companyId), sk: keyId }),
  /** A key's rate-limit bucket, apart from the keys so their listing never meets it (TTL-swept when idle). */
  bucket: (companyId: string, keyId: string) => ({ pk: `C#${companyId}#API_KEY_BUCKET`, sk: keyId }),
};

export interface ApiKeyRecord extends ApiKeyView {
  company_id: string;
  key_hash: string;
  /** AWS: the key's own API Gateway key and usage plan (usage-plans.ts), removed with it. */
  gateway?: { api_key_id: string; usage_plan_id: string } | undefined;
}

const table = () => config().mainTable;

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  const { pk: _pk, sk: _sk, entity: _entity, ...rest } = item;
  return rest as unknown as ApiKeyRecord;
}

export function apiKeyView(record: ApiKeyRecord): ApiKeyView {
  const { company_id: _company, key_hash: _hash, gateway: _gateway, ...view } = record;
  return view;
}

export async function listApiKeyRecords(companyId: string): Promise<ApiKeyRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': apiKeyKeys.keys(companyId) },
  });
  return items.map(toRecord);
}

export async function getApiKeyRecord(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: apiKeyKeys.key(companyId, keyId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

export function apiKeyPut(record: ApiKeyRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...apiKeyKeys.key(record.company_id, record._id), entity: 'api_key', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function apiKeyDelete(companyId: string, keyId: string): TransactItem {
  return {
    Delete: {
      TableName: table(),
      Key: apiKeyKeys.key(companyId, keyId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** Best effort: a key revoked meanwhile is not written back (the condition keeps it deleted). */
export async function touchApiKey(companyId: string, keyId: string, at: string): Promise<void> {
  await clients()
    .document.send(
      new UpdateCommand({
        TableName: table(),
        Key: apiKeyKeys.key(companyId, keyId),
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
