import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../lib/config.ts';
import { answerFakeModel, type FakeAnswer } from './fake-model.ts';
import { handler as extractConsumer } from './extract-consumer.ts';
import { handler as ingestConsumer } from './ingest-consumer.ts';
import { KNOWLEDGE_EXTRACT_QUEUE, KNOWLEDGE_INGEST_QUEUE } from './ingest-queue.ts';

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

const CONSUMERS = { [KNOWLEDGE_INGEST_QUEUE]: ingestConsumer, [KNOWLEDGE_EXTRACT_QUEUE]: extractConsumer };
type AiQueue = keyof typeof CONSUMERS;

/**
 * The knowledge-ingest and knowledge-extract queues as one in-memory list in send order, drained through
 * their real consumers (a file or page document passes through both).
 */
export function fakeIngestQueue() {
  const sent: { queue: AiQueue; body: string }[] = [];
  const urlOf = (queue: AiQueue) => `http://queue/${queue}`;
  process.env.QUEUE_URLS = JSON.stringify({
    [KNOWLEDGE_INGEST_QUEUE]: urlOf(KNOWLEDGE_INGEST_QUEUE),
    [KNOWLEDGE_EXTRACT_QUEUE]: urlOf(KNOWLEDGE_EXTRACT_QUEUE),
  });
  resetConfig();
  mockClient(SQSClient)
    .on(SendMessageCommand)
    .callsFake((input: { QueueUrl: string; MessageBody: string }) => {
      const queue = (Object.keys(CONSUMERS) as AiQueue[]).find((id) => urlOf(id) === input.QueueUrl);
      if (!queue) throw new Error(`no fake queue at ${input.QueueUrl}`);
      sent.push({ queue, body: input.MessageBody });
      return { MessageId: `m-${sent.length}` };
    });
  const eventOf = (queue: AiQueue, body: string): SQSEvent => ({
    Records: [
      {
        messageId: `m-${sent.length}`,
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
        eventSourceARN: `arn:aws:sqs:us-east-1:123456789012:${queue}`,
        awsRegion: 'us-east-1',
      },
    ],
  });
  return {
    /** The bodies waiting, in send order, whichever of the two queues they are on. */
    get pending(): string[] {
      return sent.map((message) => message.body);
    },
    /** Runs every waiting message (and those they send) through its queue's consumer; answers how many ran. */
    async drain(): Promise<number> {
      let runs = 0;
      for (let next = sent.shift(); next !== undefined; next = sent.shift()) {
        await CONSUMERS[next.queue](eventOf(next.queue, next.body));
        runs += 1;
      }
      return runs;
    },
  };
}
