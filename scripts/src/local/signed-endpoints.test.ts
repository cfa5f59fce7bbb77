import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedEndpoint } from './signed-endpoints.ts';
import { createLocalSqs, type LocalSqs } from './sqs/server.ts';

const credentials = { accessKeyId: 'AKLOCALTEST', secretAccessKey: 'generated-secret' };
let server: Server;
let sqs: LocalSqs;
let dataDir: string;
let base: string;
let queueUrl: string;
const posted: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'signed-endpoints-'));
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/sqs')) {
      void signedEndpoint({
        credentials,
        style: 'sqs-json',
        maxBodyBytes: 1024 * 1024,
        serve: (request, response, body) => sqs.handle(request, response, body),
      })(req, res);
      return;
    }
    void signedEndpoint({
      credentials,
      style: 'rest-json',
      maxBodyBytes: 1024,
      serve: (_request, response, body) => {
        posted.push(body.toString('utf8'));
        response.writeHead(200).end();
      },
    })(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sqs = await createLocalSqs({ dataDir, baseUrl: `${base}/sqs` });
  queueUrl = await sqs.ensureQueue({ name: 'inbound', fifo: false, visibilityTimeoutSeconds: 30 });
});

afterAll(async () => {
  await sqs.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

const sqsClient = (secretAccessKey = credentials.secretAccessKey) =>
  new SQSClient({
    endpoint: `${base}/sqs`,
    region: 'us-east-1',
    credentials: { ...credentials, secretAccessKey },
    maxAttempts: 1,
  });

async function bodies(): Promise<string[]> {
  const client = sqsClient();
  const { Messages } = await client.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  client.destroy();
  return (Messages ?? []).map((message) => message.Body ?? '');
}

describe('SigV4 on the local AWS endpoints', () => {
  it("serves the SDK's signed SendMessage", async () => {
    const client = sqsClient();
    const sent = await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'assinada' }));
    client.destroy();
    expect(sent.MessageId).toBeTruthy();
    expect(await bodies()).toContain('assinada');
  });

  it('refuses a forged unsigned SendMessage with 403 in the SQS error shape, and queues nothing', async () => {
    const forged = await fetch(`${base}/sqs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: 'forjada' }),
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-amzn-query-error')).toBe('MissingAuthenticationToken;Sender');
    expect(await forged.json()).toMatchObject({
      __type: expect.stringMatching(/#MissingAuthenticationToken$/),
    });
    expect(await bodies()).not.toContain('forjada');
  });

  it('refuses a request signed with another secret, and one whose body was changed after signing', async () => {
    const wrong = sqsClient('not-the-secret');
    await expect(
      wrong.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'outra chave' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    wrong.destroy();

    // Signed as the SDK would, then sent with another body: the payload hash no longer matches.
    const url = new URL(`${base}/sqs`);
    const signer = new SignatureV4({ credentials, region: 'us-east-1', service: 'sqs', sha256: Sha256 });
    const target = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' };
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: { ...target, host: url.host },
      body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: 'original' }),
    });
    const tampered = await fetch(url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: 'alterada' }),
    });
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get('x-amzn-query-error')).toBe('SignatureDoesNotMatch;Sender');
    const honest = await fetch(url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: 'original' }),
    });
    expect(honest.status).toBe(200);
    expect(await bodies()).not.toContain('alterada');
  });

  it('checks @connections calls the same way (the management API client signs them)', async () => {
    const management = (secretAccessKey: string) =>
      new ApiGatewayManagementApiClient({
        endpoint: base,
        region: 'us-east-1',
        credentials: { ...credentials, secretAccessKey },
        maxAttempts: 1,
      });
    const good = management(credentials.secretAccessKey);
    await good.send(new PostToConnectionCommand({ ConnectionId: 'abc=', Data: Buffer.from('{"ok":1}') }));
    good.destroy();
    expect(posted).toEqual(['{"ok":1}']);

    const bad = management('forged');
    await expect(
      bad.send(new PostToConnectionCommand({ ConnectionId: 'abc=', Data: Buffer.from('{"x":1}') })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    bad.destroy();
    const unsigned = await fetch(`${base}/@connections/abc`, { method: 'POST', body: '{"new-message":1}' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationToken');
    expect(posted).toEqual(['{"ok":1}']);
  });
});
