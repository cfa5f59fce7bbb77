import { domainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { readContacts } from '../contacts/store.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { reindexContact } from './field-index.ts';

export const FIELD_INDEX_CONSUMER = 'campaign-field-index';

/**
 * Keeps the custom-field index custom-field audiences read (field-index.ts): a contact's members follow its
 * fields as they are now (read at the time of running, so a late or repeated event is harmless); the event's
 * earlier image names the members to remove.
 */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: FIELD_INDEX_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    if (event.type === 'contact.deleted') {
      const { contact } = event.data;
      await reindexContact(event.company_id, contact._id, contact.custom_fields, undefined);
      return;
    }
    if (event.type === 'contact.updated' && !event.data.changed.includes('custom_fields')) return;
    if (event.type !== 'contact.created' && event.type !== 'contact.updated') return;
    // A contact created without custom fields indexes nothing (most imports): fields it got since have an update
    // event of their own, which comes after this one.
    if (event.type === 'contact.created' && Object.keys(event.data.contact.custom_fields).length === 0) {
      return;
    }
    const previous = event.type === 'contact.updated' ? event.data.previous.custom_fields : undefined;
    const [current] = await readContacts(event.company_id, [event.data.contact._id]);
    await reindexContact(event.company_id, event.data.contact._id, previous, current?.custom_fields);
  },
});
