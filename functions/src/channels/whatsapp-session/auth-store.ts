import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { openCredentials, sealCredentials, sealedCredentials } from '../../integrations/crypto.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { batchGet } from '../../lib/dynamo/batch-get.ts';
import { batchWrite } from '../../lib/dynamo/batch-write.ts';
import { queryPages } from '../../lib/dynamo/query.ts';
import type { SessionAuthStore } from './connector.ts';
import { sessionKeys } from './records.ts';

const sealedItem = z.object({ sk: z.string(), sealed: sealedCredentials });

/**
 * The session's link in DynamoDB: Baileys' credentials and signal keys, each sealed with the integrations'
 * AES-256-GCM key (integration id as additional data), so a worker restart reconnects without a new QR and
 * a table dump reveals nothing that could impersonate the company's phone.
 */
export function dynamoAuthStore(companyId: string, integrationId: string): SessionAuthStore {
  const pk = sessionKeys.auth(companyId, integrationId);
  const TableName = () => config().mainTable;
  const seal = (value: string) => sealCredentials({ value }, integrationId);
  const open = (item: unknown): string | undefined => {
    const parsed = sealedItem.safeParse(item);
    return parsed.success ? openCredentials(parsed.data.sealed, integrationId).value : undefined;
  };

  return {
    async readCreds() {
      const { Item } = await clients().document.send(
        new GetCommand({ TableName: TableName(), Key: { pk, sk: sessionKeys.creds }, ConsistentRead: true }),
      );
      return open(Item);
    },
    async writeCreds(serialized) {
      await clients().document.send(
        new PutCommand({
          TableName: TableName(),
          Item: { pk, sk: sessionKeys.creds, sealed: seal(serialized) },
        }),
      );
    },
    async readKeys(type, ids) {
      const found: Record<string, string> = {};
      const idOf = new Map(ids.map((id) => [sessionKeys.key(type, id), id]));
      const items = await batchGet([...idOf.keys()].map((sk) => ({ pk, sk })));
      for (const item of items.values()) {
        const id = idOf.get(String(item.sk));
        const value = open(item);
        if (id !== undefined && value !== undefined) found[id] = value;
      }
      return found;
    },
    async writeKeys(entries) {
      await batchWrite(
        entries.map(({ type, id, value }) => {
          const sk = sessionKeys.key(type, id);
          return value === undefined
            ? { DeleteRequest: { Key: { pk, sk } } }
            : { PutRequest: { Item: { pk, sk, sealed: seal(value) } } };
        }),
      );
    },
    async clear() {
      for await (const page of queryPages({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
      })) {
        await batchWrite(
          page.items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
        );
      }
    },
  };
}
