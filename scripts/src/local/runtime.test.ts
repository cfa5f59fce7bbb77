import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { confirmedMailboxChannel } from '../testing/runtime-client.ts';
import { testSmartTagItem } from '../testing/smart-tag-item.ts';
import { canConnect, externalAddresses, listeningAddresses } from './listening.ts';
import { TABLE_PREFIX } from './runtime.ts';
import { DEFAULT_HELP_LINKS } from '@atende/shared/domain/constants';

let runtime: TestRuntime;

beforeAll(async () => {
  // A stand-in build: `npm test` runs before the web app is built on a clean clone.
  const webRoot = mkdtempSync(join(tmpdir(), 'atende-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Atende</title>');
  writeFileSync(join(webRoot, 'widget.js'), 'void 0;');
  runtime = await startTestRuntime({ webRoot });
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

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
    expect(config).toMatchObject({ apiUrl: '/api', productSlug: 'atende', helpLinks: DEFAULT_HELP_LINKS });
    expect(config.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
    const deepLink = await fetch(`${runtime.url}/app/contacts/tags`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    const unknown = await fetch(`${runtime.url}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
  });

  it('listens only on HOST: DynamoDB Local, S3, the sandbox and SMTP are unreachable from the network', async () => {
    const { port, dynamodbPort, s3Port, sandboxPort, smtpPort } = runtime.options;
    const ports = { port, dynamodbPort, s3Port, sandboxPort, smtpPort };
    const outside = externalAddresses();
    for (const [name, value] of Object.entries(ports)) {
      expect({ name, open: await canConnect('127.0.0.1', value) }).toEqual({ name, open: true });
      expect({ name, listening: listeningAddresses(value) }).toEqual({
        name,
        listening: expect.arrayContaining([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/)]) as unknown,
      });
      for (const address of listeningAddresses(value)) expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      for (const address of outside) {
        expect({ name, address, open: await canConnect(address, value) }).toEqual({
          name,
          address,
          open: false,
        });
      }
    }
  });

  it('sends the security headers on the app and the API, and opens widget.js to every site', async () => {
    const page = await fetch(`${runtime.url}/atende/login`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      `connect-src 'self' ws://127.0.0.1:${runtime.options.port} ${runtime.endpoints.s3}`,
    );
    expect(csp).toContain(`img-src 'self' data: blob: ${runtime.endpoints.s3}`);
    for (const response of [page, await fetch(`${runtime.url}/api/health`)]) {
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
    const widget = await fetch(`${runtime.url}/widget.js`, { headers: { origin: 'https://loja.example' } });
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it("answers CORS for the app's origin only, except on widget routes", async () => {
    const health = (origin: string) => fetch(`${runtime.url}/api/health`, { headers: { origin } });
    expect((await health(runtime.url)).headers.get('access-control-allow-origin')).toBe(runtime.url);
    expect((await health('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = (path: string, method: string) =>
      fetch(`${runtime.url}/api${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://loja.example', 'access-control-request-method': method },
      });
    expect((await preflight('/widget/abc/sessions', 'POST')).headers.get('access-control-allow-origin')).toBe(
      '*',
    );
    expect((await preflight('/auth/token', 'POST')).headers.get('access-control-allow-origin')).toBeNull();
    const widgetConfig = await fetch(`${runtime.url}/api/widget/${'a'.repeat(24)}/config`, {
      headers: { origin: 'https://loja.example' },
    });
    expect(widgetConfig.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps DynamoDB items and unconsumed queue messages across a restart', async () => {
    const dynamodb = new DynamoDBClient({
      endpoint: runtime.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: runtime.credentials,
    });
    const document = DynamoDBDocumentClient.from(dynamodb);
    const TableName = tableName(TABLE_PREFIX, MAIN_TABLE);
    await document.send(new PutCommand({ TableName, Item: { pk: 'C#restart#', sk: 'ITEM', value: 42 } }));
    dynamodb.destroy();
    const sqs = new SQSClient({
      endpoint: runtime.endpoints.sqs,
      region: 'us-east-1',
      credentials: runtime.credentials,
    });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'restart-check' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'still here' }));
    sqs.destroy();

    runtime = await runtime.restart();

    const dynamodbAfter = new DynamoDBClient({
      endpoint: runtime.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: runtime.credentials,
    });
    const { Item } = await DynamoDBDocumentClient.from(dynamodbAfter).send(
      new GetCommand({ TableName, Key: { pk: 'C#restart#', sk: 'ITEM' } }),
    );
    dynamodbAfter.destroy();
    expect(Item?.value).toBe(42);
    const sqsAfter = new SQSClient({
      endpoint: runtime.endpoints.sqs,
      region: 'us-east-1',
      credentials: runtime.credentials,
    });
    const { Messages } = await sqsAfter.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
    sqsAfter.destroy();
    expect(Messages?.map((message) => message.Body)).toEqual(['still here']);
  }, 120_000);

  it('runs the provider sandbox the adapters are pointed at, and its SMTP server', async () => {
    const baseUrls = JSON.parse(process.env.PROVIDER_BASE_URLS ?? '{}') as Record<string, string>;
    const smtpUrl = `smtp://${runtime.sandbox.smtp.host}:${runtime.sandbox.smtp.port}`;
    expect(baseUrls).toEqual({ ...runtime.sandbox.baseUrls, smtp: smtpUrl });
    expect(process.env.SMTP_URL).toBe(smtpUrl);
    const send = await fetch(`${runtime.sandbox.baseUrls.meta}/v21.0/106540352242922/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '5585999990001',
        type: 'text',
        text: { body: 'oi' },
      }),
    });
    expect(send.status).toBe(200);
    expect(runtime.sandbox.sent('meta').at(-1)?.body).toMatchObject({ to: '5585999990001' });
  });

  it("turns an e-mail sent to an e-mail integration's address into a conversation", async () => {
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('no admin login');
    const signIn = await fetch(`${runtime.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
    const integrationId = await confirmedMailboxChannel(runtime, accessToken, {
      label: 'Suporte',
      email: 'suporte@loja.example',
    });

    await runtime.sandbox.postInbound({
      channel: 'email',
      smtp: runtime.sandbox.smtp,
      mailbox: 'Suporte@Loja.example',
      from: 'marina@cliente.example',
      name: 'Marina Souza',
      subject: 'Troca de produto',
      text: 'Quero trocar o tamanho do tênis.',
    });

    type Listed = { channel: string; integration: string; customer: { full_name: string } };
    let found: Listed | undefined;
    for (let attempt = 0; attempt < 60 && !found; attempt += 1) {
      const listed = await fetch(`${runtime.url}/api/conversations?tab=all`, { headers });
      const { items } = (await listed.json()) as { items: Listed[] };
      found = items.find((item) => item.integration === integrationId);
      if (!found) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(found).toMatchObject({ channel: 'email', customer: { full_name: 'Marina Souza' } });
  }, 60_000);

  it('delivers domain events from the table stream to their consumers', async () => {
    const dynamodb = new DynamoDBClient({
      endpoint: runtime.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: runtime.credentials,
    });
    const document = DynamoDBDocumentClient.from(dynamodb);
    const TableName = tableName(TABLE_PREFIX, MAIN_TABLE);
    const company = 'abcabcabcabcabcabcabcabc';
    const contact = (id: string) => ({
      pk: `C#${company}#CUSTOMER#${id}`,
      sk: 'PROFILE',
      entity: 'customer',
      _id: id,
      company,
      full_name: 'Cliente do stream',
      channel: 'whatsapp',
      created_at: new Date().toISOString(),
    });
    const claimsOf = async () => {
      const { Items } = await document.send(
        new ScanCommand({
          TableName,
          FilterExpression: 'entity = :claim AND begins_with(pk, :company)',
          ExpressionAttributeValues: { ':claim': 'event_claim', ':company': `C#${company}#` },
        }),
      );
      return Items ?? [];
    };
    const waitForClaims = async (count: number) => {
      for (let attempt = 0; attempt < 100 && (await claimsOf()).length < count; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return claimsOf();
    };
    // The smart-tags consumer evaluates contacts only in a company that has a smart tag.
    await document.send(new PutCommand({ TableName, Item: testSmartTagItem(company) }));
    await document.send(new PutCommand({ TableName, Item: contact('aaaaaaaaaaaaaaaaaaaaaa01') }));
    expect(await waitForClaims(1)).toEqual([expect.objectContaining({ consumer: 'smart-tags' })]);

    // The stream position is kept under DATA_DIR, only after the dispatcher acknowledged the records.
    const saved = JSON.parse(
      readFileSync(join(runtime.options.dataDir, 'streams', `${MAIN_TABLE.id}.json`), 'utf8'),
    ) as { shards: Record<string, { sequenceNumber?: string }> };
    expect(Object.values(saved.shards).some((shard) => shard.sequenceNumber)).toBe(true);
    dynamodb.destroy();
  }, 60_000);
});
