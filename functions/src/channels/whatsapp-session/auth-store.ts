import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { openCredentials, sealCredentials, sealedCredentials } from '../../integrations/crypto.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import type { SessionAuthStore } from './connector.ts';
import { sessionKeys } from './records.ts';

const sealedItem = z.object({ sk: z.string(), sealed: sealedCredentials });

const BATCH_GET = 100;
const BATCH_WRITE = 25;
const WRITE_ATTEMPTS = 8;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, index * size + size),
  );

type WriteRequest = NonNullable<
  NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]
>[number];

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

  async function batchWrite(requests: WriteRequest[]): Promise<void> {
    for (const chunk of chunks(requests, BATCH_WRITE)) {
      let pending: WriteRequest[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt === WRITE_ATTEMPTS) throw new Error('whatsapp session keys: unprocessed writes remain');
        const { UnprocessedItems } = await clients().document.send(
          new BatchWriteCommand({ RequestItems: { [TableName()]: pending } }),
        );
        pending = UnprocessedItems?.[TableName()] ?? [];
        if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

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
      for (const chunk of chunks([...idOf.keys()], BATCH_GET)) {
        let keys: Array<Record<string, unknown>> = chunk.map((sk) => ({ pk, sk }));
        while (keys.length > 0) {
          const { Responses, UnprocessedKeys } = await clients().document.send(
            new BatchGetCommand({ RequestItems: { [TableName()]: { Keys: keys, ConsistentRead: true } } }),
          );
          for (const item of Responses?.[TableName()] ?? []) {
            const id = idOf.get(String(item.sk));
            const value = open(item);
            if (id !== undefined && value !== undefined) found[id] = value;
          }
          keys = UnprocessedKeys?.[TableName()]?.Keys ?? [];
        }
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
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await clients().document.send(
          new QueryCommand({
            TableName: TableName(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            ProjectionExpression: 'pk, sk',
            ExclusiveStartKey,
          }),
        );
        await batchWrite(
          (page.Items ?? []).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
        );
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    },
  };
}
