import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../events/types.ts';
import type { HandlerRef } from './handlers.ts';
import type { QueueDefinition } from './queues.ts';

/** The Lambda reading the table's stream and fanning the domain events out to the consumers' queues. */
export const EVENT_DISPATCHER: HandlerRef = { module: 'events/dispatcher', export: 'handler' };

/**
 * A reaction to domain events, declared once: it becomes a FIFO queue in QUEUES (with its DLQ and alarm in
 * infra, served and polled by the local runtime), the dispatcher sends it the events it names, and its handler
 * is wrapped by functions/src/lib/sqs-consumer.ts. One FIFO group per entity keeps an entity's events in order.
 */
export interface EventConsumerDefinition {
  /** Short id; the queue id is `events-<id>`. */
  id: string;
  handler: HandlerRef;
  events: readonly DomainEventType[];
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
  batchSize: number;
  description: string;
}

export const EVENT_CONSUMERS: readonly EventConsumerDefinition[] = [
  {
    id: 'smart-tags',
    handler: { module: 'smart-tags/event-consumer', export: 'handler' },
    events: [
      'contact.created',
      'contact.updated',
      'contact.deleted',
      'conversation.opened',
      'conversation.closed',
    ],
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    description:
      'Re-evaluates a contact against its company smart tags when it or one of its conversations changes',
  },
  {
    id: 'wallet-sync',
    handler: { module: 'conversations/wallet-consumer', export: 'handler' },
    events: ['contact.updated'],
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    batchSize: 10,
    description:
      "Copies a contact's new wallet onto its conversations (the inbox's wallet limit follows the move)",
  },
  {
    id: 'service-evaluation',
    handler: { module: 'conversations/evaluation-consumer', export: 'handler' },
    events: ['conversation.closed'],
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    description:
      'Asks the customer of a conversation an employee closed for a 1–5 grade, when the company asks',
  },
  {
    id: 'crm-sync',
    handler: { module: 'apps/crm/consumer', export: 'handler' },
    events: ['contact.created', 'contact.updated', 'conversation.closed'],
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 8,
    batchSize: 5,
    description:
      "Mirrors contacts as persons in the company's installed CRMs and logs closed conversations' transcripts as notes",
  },
  {
    id: 'analytics',
    handler: { module: 'analytics/ledger-consumer', export: 'handler' },
    events: [
      'message.created',
      'conversation.opened',
      'conversation.assigned',
      'conversation.transferred',
      'conversation.closed',
      'conversation.status_changed',
      'conversation.evaluated',
      'contact.created',
      'employee.connected',
      'employee.disconnected',
      'employee.status_changed',
    ],
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 8,
    batchSize: 10,
    description: 'Keeps the analytics ledger: per-conversation facts and hourly rollups',
  },
  {
    id: 'campaign-field-index',
    handler: { module: 'campaigns/field-index-consumer', export: 'handler' },
    events: ['contact.created', 'contact.updated', 'contact.deleted'],
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    description: "Keeps the custom-field index campaign audiences read instead of the company's contacts",
  },
  {
    id: 'webhooks',
    handler: { module: 'webhook-endpoints/event-consumer', export: 'handler' },
    events: DOMAIN_EVENT_TYPES,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    description:
      'Writes one outbound webhook delivery per subscribed endpoint (the outbox) and queues its first attempt',
  },
];

export const eventQueueId = (consumer: Pick<EventConsumerDefinition, 'id'>): string =>
  `events-${consumer.id}`;

/** Each consumer's queue, in the shape every other queue has (QUEUES spreads these in). */
export const EVENT_CONSUMER_QUEUES: readonly QueueDefinition[] = EVENT_CONSUMERS.map((consumer) => ({
  id: eventQueueId(consumer),
  fifo: true,
  visibilityTimeoutSeconds: consumer.visibilityTimeoutSeconds,
  maxReceiveCount: consumer.maxReceiveCount,
  consumer: { handler: consumer.handler, batchSize: consumer.batchSize },
  producers: [EVENT_DISPATCHER],
  description: `Domain events for ${consumer.id}: ${consumer.description}`,
}));
