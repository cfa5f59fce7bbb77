import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../lib/logger.ts';
import { type SessionCommand, sessionCommand } from './commands.ts';

export interface CommandPolling {
  sqs: SQSClient;
  queueUrl: string;
  /** SQS long polling (at most 20 s): an idle worker makes three receives a minute. */
  waitSeconds: number;
  signal: AbortSignal;
  handle: (command: SessionCommand) => Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The worker's own consumer of its command queue (no Lambda event source: the sessions live in this process).
 * A command is deleted once handled; one that throws stays and comes back after the visibility timeout, and
 * after the queue's maxReceiveCount it rests in the DLQ. A body that is not a command is dropped with a log.
 */
export async function pollCommands({ sqs, queueUrl, waitSeconds, signal, handle }: CommandPolling) {
  while (!signal.aborted) {
    try {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: waitSeconds,
        }),
        { abortSignal: signal },
      );
      for (const message of Messages) {
        const parsed = sessionCommand.safeParse(JSON.parse(message.Body ?? 'null'));
        if (parsed.success) await handle(parsed.data);
        else logger.warn('whatsapp session command refused', { body: message.Body?.slice(0, 200) });
        await sqs.send(
          new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
        );
      }
    } catch (error) {
      if (signal.aborted) return;
      logger.warn('whatsapp session commands: receive failed', { error: errorText(error) });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
