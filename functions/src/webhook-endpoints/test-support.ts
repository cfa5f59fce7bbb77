import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../lib/config.ts';
import { attemptDelivery, type DeliveryOptions } from './delivery.ts';
import { type AttemptMessage, attemptMessage, WEBHOOK_DELIVERY_QUEUE } from './queue.ts';

/**
 * Test support: the webhook-delivery queue as an in-memory list (with each message's DelaySeconds), and a
 * drain that makes every queued attempt at once, as if its delay had passed.
 */
export function fakeDeliveryQueue() {
  const sent: { message: AttemptMessage; delaySeconds: number }[] = [];
  process.env.QUEUE_URLS = JSON.stringify({ [WEBHOOK_DELIVERY_QUEUE]: 'http://queue/webhook-delivery' });
  resetConfig();
  mockClient(SQSClient)
    .on(SendMessageCommand)
    .callsFake((input: { MessageBody: string; DelaySeconds?: number }) => {
      sent.push({
        message: attemptMessage.parse(JSON.parse(input.MessageBody)),
        delaySeconds: input.DelaySeconds ?? 0,
      });
      return { MessageId: `m-${sent.length}` };
    });
  let read = 0;
  return {
    sent,
    /** Attempts every queued message (and those they queue in turn); answers how many ran. */
    async drain(options: DeliveryOptions = {}): Promise<number> {
      let runs = 0;
      while (read < sent.length) {
        const next = sent[read] as (typeof sent)[number];
        read += 1;
        await attemptDelivery({ ...next.message, not_before: new Date().toISOString() }, options);
        runs += 1;
      }
      return runs;
    },
  };
}

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering each call with the next status of `statuses` (the last one repeats). */
export async function startReceiver(statuses: number[]) {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
