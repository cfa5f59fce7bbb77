import { domainEvent, type DomainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { applyOnce } from '../lib/event-claims.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { refreshContactSmartTags } from './hooks.ts';

export const SMART_TAGS_CONSUMER = 'smart-tags';

/** Fields a smart-tag run writes itself: their change is the consumer's own echo, not a new fact. */
const OWN_FIELDS = new Set(['smart_tags', 'updated_at']);

/** The contact an event concerns, or undefined when it changes nothing a smart tag reads. */
export function contactOfEvent(event: DomainEvent): string | undefined {
  switch (event.type) {
    case 'contact.created':
    case 'contact.deleted':
      return event.entity_id;
    case 'contact.updated':
      return event.data.changed.every((field) => OWN_FIELDS.has(field)) ? undefined : event.entity_id;
    case 'conversation.opened':
    case 'conversation.closed':
      return event.data.conversation.customer._id;
    default:
      return undefined;
  }
}

/** Keeps smart-tag memberships current as contacts and their conversations change. */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: SMART_TAGS_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    const customerId = contactOfEvent(event);
    if (!customerId) return;
    await applyOnce(SMART_TAGS_CONSUMER, event, () => refreshContactSmartTags(event.company_id, customerId));
  },
});
