import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { TABLE_PREFIX } from './runtime.ts';

let runtime: TestRuntime;

beforeAll(async () => {
  runtime = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('local runtime', () => {
  it('reports every part up on /api/health with the local endpoints', async () => {
    const response = await fetch(`${runtime.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      parts: { dynamodb: 'up', queues: 'up', websocket: 'up', s3: 'up' },
      endpoints: runtime.endpoints,
    });
  });

  it('serves the SPA with fallback, /config.json and a 404 JSON for unknown API routes', async () => {
    const config = (await (await fetch(`${runtime.url}/config.json`)).json()) as { wsUrl: string };
    expect(config).toMatchObject({ apiUrl: '/api', productSlug: 'atende' });
    expect(config.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
    const deepLink = await fetch(`${runtime.url}/app/contacts/tags`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    const unknown = await fetch(`${runtime.url}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
  });

  it('keeps DynamoDB items and unconsumed queue messages across a restart', async () => {
    const dynamodb = new DynamoDBClient({
      endpoint: runtime.endpoints.dynamodb,
      region: 'us-east-1',
      credentials,
    });
    const document = DynamoDBDocumentClient.from(dynamodb);
    const TableName = tableName(TABLE_PREFIX, MAIN_TABLE);
    await document.send(new PutCommand({ TableName, Item: { pk: 'C#restart#', sk: 'ITEM', value: 42 } }));
    dynamodb.destroy();
    const sqs = new SQSClient({ endpoint: runtime.endpoints.sqs, region: 'us-east-1', credentials });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'restart-check' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'still here' }));
    sqs.destroy();

    runtime = await runtime.restart();

    const dynamodbAfter = new DynamoDBClient({
      endpoint: runtime.endpoints.dynamodb,
      region: 'us-east-1',
      credentials,
    });
    const { Item } = await DynamoDBDocumentClient.from(dynamodbAfter).send(
      new GetCommand({ TableName, Key: { pk: 'C#restart#', sk: 'ITEM' } }),
    );
    dynamodbAfter.destroy();
    expect(Item?.value).toBe(42);
    const sqsAfter = new SQSClient({ endpoint: runtime.endpoints.sqs, region: 'us-east-1', credentials });
    const { Messages } = await sqsAfter.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
    sqsAfter.destroy();
    expect(Messages?.map((message) => message.Body)).toEqual(['still here']);
  }, 120_000);
});
