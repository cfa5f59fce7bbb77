import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { LocalCredentials } from '../local/sigv4.ts';
import { QueueEngine } from '../local/sqs/engine.ts';
import { defaultSettings } from '../local/sqs/queue-attributes.ts';
import { formatRow } from './stats.ts';

/**
 * SendMessage through the runtime's signed /sqs endpoint, each answered only after the state is fsynced
 * (group commit): what a producer sees with 1 and with 16 sends in flight.
 */
export async function benchSqsSends(
  endpoint: string,
  credentials: LocalCredentials,
  total = 600,
): Promise<void> {
  const client = new SQSClient({ endpoint, region: 'us-east-1', credentials });
  const QueueUrl = `${endpoint}/000000000000/bench-sends`;
  await client.send(new CreateQueueCommand({ QueueName: 'bench-sends' }));
  for (const concurrency of [1, 16]) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          await client.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x'.repeat(200) }));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      formatRow('local SQS SendMessage (durable)', {
        messages: total,
        concurrency,
        'messages/s': total / seconds,
      }),
    );
  }
  client.destroy();
}

/**
 * The local queue engine alone (no HTTP, no disk) under a deep FIFO backlog, as a 100,000-row import leaves
 * its event consumers' queues: each receive of 10 and the deletes after it, per message. A receive or delete
 * that walked the whole backlog made this grow with the depth (and took the runtime's one event loop from the
 * REST handlers); it should stay flat.
 */
export function benchSqsBacklog(depths = [1_000, 50_000]): void {
  for (const depth of depths) {
    const engine = new QueueEngine({
      accountId: '000000000000',
      now: Date.now,
      onChange: () => {},
      onMutate: () => {},
    });
    engine.putQueue('backlog.fifo', defaultSettings(true));
    for (let i = 0; i < depth; i += 1) {
      engine.send('backlog.fifo', {
        body: `event ${i}`,
        groupId: `contact-${i}`,
        deduplicationId: `e${i}`,
        attributes: {},
      });
    }
    const rounds = 500;
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      for (const { receiptHandle } of engine.receive('backlog.fifo', 10))
        engine.deleteMessage('backlog.fifo', receiptHandle);
    }
    const perMessage = ((performance.now() - started) * 1000) / (rounds * 10);
    console.log(formatRow('local SQS engine, FIFO backlog', { depth, 'µs per receive+delete': perMessage }));
  }
}
