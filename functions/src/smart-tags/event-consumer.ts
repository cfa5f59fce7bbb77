import { domainEvent, type DomainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { readContact } from '../contacts/store.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { memoInBatch } from '../lib/batch-memo.ts';
import { applyOnce } from '../lib/event-claims.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { refreshContactSmartTags } from './hooks.ts';
import { smartTagCatalogue } from './records.ts';

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

/**
 * Whether an event needs no evaluation, decided before any claim is written: the company has no smart tag
 * (most have none), or the event announces a contact an import created (the import queues a recompute of
 * every smart tag of the company before it reports done, so a 100,000-row import is not evaluated twice). The
 * company's smart tags are read once per batch.
 */
async function nothingToEvaluate(event: DomainEvent, customerId: string): Promise<boolean> {
  const tags = await memoInBatch(`${event.company_id}|smart-tags`, () =>
    listCatalogue(smartTagCatalogue, event.company_id),
  );
  if (tags.length === 0) return true;
  if (event.type !== 'contact.created') return false;
  const contact = await readContact(event.company_id, customerId);
  return typeof contact?.import_job === 'string';
}

/** Keeps smart-tag memberships current as contacts and their conversations change. */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: SMART_TAGS_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    const customerId = contactOfEvent(event);
    if (!customerId || (await nothingToEvaluate(event, customerId))) return;
    await applyOnce(SMART_TAGS_CONSUMER, event, () => refreshContactSmartTags(event.company_id, customerId));
  },
});
