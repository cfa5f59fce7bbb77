import type { HandlerRef } from './handlers.ts';

/**
 * SQS queues, written once: infra/ builds each with its DLQ and alarm, the local runtime serves them and
 * polls them into the same consumer handlers.
 */
export interface QueueDefinition {
  id: string;
  fifo: boolean;
  /** Seconds a received message stays invisible before another receive may see it. */
  visibilityTimeoutSeconds: number;
  /** Receives before a message is moved to the DLQ. */
  maxReceiveCount: number;
  consumer: { handler: HandlerRef; batchSize: number };
  description: string;
}

export const QUEUES: readonly QueueDefinition[] = [
  {
    id: 'inbound',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'conversations/inbound-consumer', export: 'handler' }, batchSize: 10 },
    description:
      'Normalized inbound channel events (messages and delivery statuses); one FIFO group per conversation keeps order',
  },
  {
    id: 'contact-import',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'imports/import-consumer', export: 'handler' }, batchSize: 1 },
    description:
      'Contact imports: one message per import (or per continuation); the job item checkpoints each chunk, so a redelivery resumes',
  },
  {
    id: 'contact-export',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 3,
    consumer: { handler: { module: 'imports/export-consumer', export: 'handler' }, batchSize: 1 },
    description: 'Contact exports: builds the XLSX in the exports bucket and tells the employee it is ready',
  },
];

/** Physical queue name: FIFO queues must end in ".fifo". */
export const queueName = (prefix: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `${prefix}${queue.id}${queue.fifo ? '.fifo' : ''}`;

export const deadLetterQueueName = (prefix: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `${prefix}${queue.id}-dlq${queue.fifo ? '.fifo' : ''}`;
