import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../lib/config.ts';
import { answerFakeModel, type FakeAnswer } from './fake-model.ts';
import { handler as ingestConsumer } from './ingest-consumer.ts';
import { KNOWLEDGE_INGEST_QUEUE } from './ingest-queue.ts';

export interface RecordedCall {
  path: string;
  headers: Record<string, string>;
  body: {
    messages?: { role: string; content: string | null; tool_call_id?: string }[];
    input?: string | string[];
    model?: string;
    tools?: { function: { name: string } }[];
  };
}

/**
 * Test support: the deterministic model fake on a loopback port, recording every request it receives (the
 * "request-recording double"), with failures that can be queued like the sandbox's.
 */
export async function startTestModel() {
  const calls: RecordedCall[] = [];
  const failures: ('rate_limit' | 'unavailable' | 'auth')[] = [];
  // A test may stand in for the fake's chat answers (a model that never stops calling tools, for one).
  let override: ((body: RecordedCall['body']) => FakeAnswer | undefined) | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as RecordedCall['body']) : {};
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
      );
      calls.push({ path: request.url ?? '', headers, body });
      const answer =
        override?.(body) ??
        answerFakeModel(request.method ?? 'GET', request.url ?? '', headers, body, failures.shift());
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    failNext: (failure: 'rate_limit' | 'unavailable' | 'auth', times = 1) => {
      for (let index = 0; index < times; index += 1) failures.push(failure);
    },
    override: (respond: typeof override) => {
      override = respond;
    },
    chatPrompts: () =>
      calls
        .filter((call) => call.path.endsWith('/chat/completions'))
        .map((call) => (call.body.messages ?? []).map((message) => message.content).join('\n')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The knowledge-ingest queue as an in-memory list, drained through the real consumer. */
export function fakeIngestQueue() {
  const pending: string[] = [];
  process.env.QUEUE_URLS = JSON.stringify({ [KNOWLEDGE_INGEST_QUEUE]: 'http://queue/knowledge-ingest' });
  resetConfig();
  mockClient(SQSClient)
    .on(SendMessageCommand)
    .callsFake((input: { MessageBody: string }) => {
      pending.push(input.MessageBody);
      return { MessageId: `m-${pending.length}` };
    });
  const eventOf = (body: string): SQSEvent => ({
    Records: [
      {
        messageId: `m-${pending.length}`,
        receiptHandle: 'r',
        body,
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:knowledge-ingest',
        awsRegion: 'us-east-1',
      },
    ],
  });
  return {
    pending,
    async drain(): Promise<number> {
      let runs = 0;
      for (let body = pending.shift(); body !== undefined; body = pending.shift()) {
        await ingestConsumer(eventOf(body));
        runs += 1;
      }
      return runs;
    },
  };
}
