import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '@atende/shared/infra/env';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { dynamoAuthStore } from './auth-store.ts';
import { sessionKeys } from './records.ts';

const companyId = newObjectId();
const integrationId = newObjectId();

beforeAll(async () => {
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
});

const storedItems = async () =>
  (
    await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': sessionKeys.auth(companyId, integrationId) },
      }),
    )
  ).Items ?? [];

describe('the session link store', () => {
  const store = dynamoAuthStore(companyId, integrationId);

  it('keeps credentials and keys sealed under the company partition', async () => {
    await store.writeCreds('{"noiseKey":"segredo-das-credenciais"}');
    await store.writeKeys([
      { type: 'session', id: '5585988887777.0', value: '{"chave":"sessao-secreta"}' },
      { type: 'pre-key', id: '1', value: '{"chave":"pre-chave"}' },
    ]);
    expect(await store.readCreds()).toBe('{"noiseKey":"segredo-das-credenciais"}');
    expect(await store.readKeys('session', ['5585988887777.0', 'missing'])).toEqual({
      '5585988887777.0': '{"chave":"sessao-secreta"}',
    });
    const items = await storedItems();
    expect(items.map((item) => String(item.pk))).toEqual(
      Array(3).fill(`C#${companyId}#WASESSION#${integrationId}#`),
    );
    expect(JSON.stringify(items)).not.toMatch(/segredo|secreta|pre-chave/);
  });

  it('a sealed link copied onto another integration does not open', async () => {
    const creds = (await storedItems()).find((item) => item.sk === sessionKeys.creds);
    const otherId = newObjectId();
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...creds, pk: sessionKeys.auth(companyId, otherId) },
      }),
    );
    await expect(dynamoAuthStore(companyId, otherId).readCreds()).rejects.toThrow();
  });

  it('deletes a key written as undefined and forgets everything on clear', async () => {
    await store.writeKeys([{ type: 'pre-key', id: '1', value: undefined }]);
    expect(await store.readKeys('pre-key', ['1'])).toEqual({});
    await store.clear();
    expect(await store.readCreds()).toBeUndefined();
    expect(await storedItems()).toEqual([]);
  });
});
