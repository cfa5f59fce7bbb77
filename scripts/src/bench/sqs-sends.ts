import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { LocalCredentials } from '../local/sigv4.ts';
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
