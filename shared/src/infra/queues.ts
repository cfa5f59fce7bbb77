import { EVENT_CONSUMER_QUEUES } from './event-consumers.ts';
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
  /**
   * Batches the local runtime hands its consumer at once on a standard queue (1 when absent). Lambda runs as
   * many instances as a standard queue's backlog needs; a queue whose consumer relies on that (the next message
   * starting while the last one ends) says how many the local runtime should run.
   */
  localConsumers?: number;
  /**
   * Lambda handlers that send to the queue: infra grants sqs:SendMessage to these only (infra's tests check
   * the list against each handler's imports).
   */
  producers: readonly HandlerRef[];
  description: string;
}

export const QUEUES: readonly QueueDefinition[] = [
  {
    id: 'inbound',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'conversations/inbound-consumer', export: 'handler' }, batchSize: 10 },
    producers: [
      { module: 'channels/widget/handler', export: 'handler' },
      { module: 'webhooks/handler', export: 'handler' },
      { module: 'messages/handler', export: 'handler' },
      { module: 'conversations/inbound-consumer', export: 'handler' },
      { module: 'channels/email/receipt-handler', export: 'handler' },
      // Every Lambda that delivers carries the senders (functions/src/outbound/senders.ts).
      { module: 'conversations/auto-close', export: 'handler' },
      { module: 'conversations/evaluation-consumer', export: 'handler' },
      { module: 'conversations/handler', export: 'handler' },
      { module: 'flows/wait-resume', export: 'handler' },
    ],
    description:
      'Normalized inbound channel events (messages and delivery statuses); one FIFO group per conversation keeps order',
  },
  {
    id: 'contact-import',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'imports/import-consumer', export: 'handler' }, batchSize: 1 },
    producers: [
      { module: 'contacts/handler', export: 'handler' },
      { module: 'imports/import-consumer', export: 'handler' },
    ],
    description:
      'Contact imports: one message per import (or per continuation); the job item checkpoints each chunk, so a redelivery resumes',
  },
  {
    id: 'contact-export',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 3,
    consumer: { handler: { module: 'imports/export-consumer', export: 'handler' }, batchSize: 1 },
    // The consumer shares its module with the enqueueing service, so it is granted the send as well.
    producers: [
      { module: 'contacts/handler', export: 'handler' },
      { module: 'wallets/handler', export: 'handler' },
      { module: 'imports/export-consumer', export: 'handler' },
    ],
    description:
      'Contact exports (XLSX) and wallet exports (CSV): builds the file in the exports bucket and tells the employee it is ready',
  },
  {
    id: 'smart-tag-refresh',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'smart-tags/refresh-consumer', export: 'handler' }, batchSize: 1 },
    producers: [
      { module: 'smart-tags/handler', export: 'handler' },
      { module: 'smart-tags/refresh-consumer', export: 'handler' },
      { module: 'smart-tags/schedule', export: 'handler' },
      { module: 'imports/import-consumer', export: 'handler' },
    ],
    description:
      'Smart tag membership recomputation (after a create or edit, an import, the daily run, a removal): the smart tag item checkpoints the scan, so a redelivery resumes',
  },
  {
    id: 'campaign-dispatch',
    fifo: false,
    // A chunk of 25 unofficial sends waits up to 25 × the maximum delay; official chunks take seconds.
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 10,
    consumer: { handler: { module: 'campaigns/dispatch-consumer', export: 'handler' }, batchSize: 1 },
    // Two chunks at once share the number's bucket: one's start and end (reads, last records) no longer leave
    // the number idle between chunks, as several Lambda instances would.
    localConsumers: 2,
    producers: [
      { module: 'campaigns/handler', export: 'handler' },
      { module: 'campaigns/dispatch-consumer', export: 'handler' },
      { module: 'campaigns/schedule', export: 'handler' },
    ],
    description:
      'Campaign dispatch: prepare (resolve the audience, queue the sends) and send chunks through the per-number token bucket; each recipient is claimed before its send, so a redelivery sends nothing twice',
  },
  {
    id: 'webhook-delivery',
    fifo: false,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: {
      handler: { module: 'webhook-endpoints/delivery-consumer', export: 'handler' },
      batchSize: 10,
    },
    producers: [
      { module: 'webhook-endpoints/handler', export: 'handler' },
      { module: 'webhook-endpoints/event-consumer', export: 'handler' },
      { module: 'webhook-endpoints/delivery-consumer', export: 'handler' },
    ],
    description:
      'Outbound webhook attempts: one message per attempt, delayed for the backoff; the delivery item in DynamoDB is the outbox',
  },
  {
    id: 'knowledge-ingest',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 3,
    consumer: { handler: { module: 'ai/ingest-consumer', export: 'handler' }, batchSize: 1 },
    // The consumer shares its module with the enqueueing service, so it is granted the send as well.
    producers: [
      { module: 'ai/handler', export: 'handler' },
      // Publishing an FAQ article adds it to the company's FAQ knowledge base.
      { module: 'faq/handler', export: 'handler' },
      { module: 'ai/ingest-consumer', export: 'handler' },
      // A file or page document comes back once its text is written on it.
      { module: 'ai/extract-consumer', export: 'handler' },
    ],
    description:
      'Knowledge documents to process: chunk and embed with the company model (a file or page one after the extract queue read its text), and evaluation replays; progress is written on the document',
  },
  {
    id: 'knowledge-extract',
    fifo: false,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 3,
    // PDF.js, mammoth and the HTML sanitizer live in this consumer alone (issue 11's bundle budget).
    consumer: { handler: { module: 'ai/extract-consumer', export: 'handler' }, batchSize: 1 },
    producers: [{ module: 'ai/ingest-consumer', export: 'handler' }],
    description:
      'Knowledge file (PDF, DOCX) and page documents to read: their text is written on the document, which goes back to the ingest queue',
  },
  {
    id: 'email-send',
    fifo: true,
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    consumer: { handler: { module: 'channels/email/send-consumer', export: 'handler' }, batchSize: 10 },
    // Whatever delivers messages (the e-mail channel's sender) or mails a person about their account.
    producers: [
      { module: 'auth/handler', export: 'handler' },
      { module: 'employees/handler', export: 'handler' },
      { module: 'integrations/handler', export: 'handler' },
      { module: 'messages/handler', export: 'handler' },
      { module: 'conversations/inbound-consumer', export: 'handler' },
      { module: 'conversations/auto-close', export: 'handler' },
      { module: 'conversations/evaluation-consumer', export: 'handler' },
      { module: 'conversations/handler', export: 'handler' },
      { module: 'flows/wait-resume', export: 'handler' },
    ],
    description:
      "E-mails to send (an operator's or the bot's message in an e-mail conversation, an account mail): only its consumer carries the MIME composer and SES; one FIFO group per conversation keeps a thread in order",
  },
  // One per domain-event consumer (shared/src/infra/event-consumers.ts).
  ...EVENT_CONSUMER_QUEUES,
];

/**
 * A queue that no Lambda consumes: a long-lived worker long-polls it itself (ReceiveMessage with
 * WaitTimeSeconds). Kept apart from QUEUES so neither infra nor the local runtime attaches a Lambda poller;
 * each builds the queue (with its DLQ) and hands its URL to the worker.
 */
export interface WorkerQueueDefinition extends Omit<QueueDefinition, 'consumer'> {
  /** The worker's entry point (module under functions/src, run as a process, not as a Lambda handler). */
  worker: { module: string };
}

export const WORKER_QUEUES: readonly WorkerQueueDefinition[] = [
  {
    id: 'whatsapp-session-commands',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    worker: { module: 'channels/whatsapp-session/worker-main' },
    // The integrations API connects and logs sessions out; the senders deliver outbound messages through it.
    producers: [
      { module: 'integrations/handler', export: 'handler' },
      { module: 'messages/handler', export: 'handler' },
      { module: 'conversations/inbound-consumer', export: 'handler' },
      { module: 'campaigns/dispatch-consumer', export: 'handler' },
      { module: 'conversations/auto-close', export: 'handler' },
      { module: 'conversations/evaluation-consumer', export: 'handler' },
      { module: 'conversations/handler', export: 'handler' },
      { module: 'flows/wait-resume', export: 'handler' },
    ],
    description:
      'Commands for the unofficial WhatsApp session worker (connect, logout, send); one FIFO group per integration keeps its sends in order',
  },
];

/** Physical queue name: FIFO queues must end in ".fifo". */
export const queueName = (prefix: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `${prefix}${queue.id}${queue.fifo ? '.fifo' : ''}`;

export const deadLetterQueueName = (prefix: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `${prefix}${queue.id}-dlq${queue.fifo ? '.fifo' : ''}`;
