/**
 * The name of every domain event, apart from the schemas: the queue and consumer definitions (imported by
 * every Lambda through the SQS consumer wrapper and the config) need the names alone, and importing the
 * schemas would bundle every event's views and their pt-BR strings into each of them. index.ts checks at
 * compile time that this list and the schemas name the same events.
 */
export const DOMAIN_EVENT_TYPES = [
  'message.created',
  'message.status_changed',
  'conversation.opened',
  'conversation.assigned',
  'conversation.transferred',
  'conversation.closed',
  'conversation.status_changed',
  'conversation.evaluated',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'deal.created',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'campaign.finished',
  'employee.connected',
  'employee.disconnected',
  'employee.status_changed',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];
