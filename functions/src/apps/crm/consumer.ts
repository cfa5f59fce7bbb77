import { domainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { memoInBatch } from '../../lib/batch-memo.ts';
import { applyOnce } from '../../lib/event-claims.ts';
import { logger } from '../../lib/logger.ts';
import { sqsConsumer } from '../../lib/sqs-consumer.ts';
import { CrmRejected } from './client.ts';
import { connectedCrms, logTranscript, MIRRORED_FIELDS, pushContact } from './sync.ts';

export const CRM_SYNC_CONSUMER = 'crm-sync';

/** A CRM refusing for good (revoked token, rejected data) is logged; repeating the event cannot fix it. */
async function settled(app: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof CrmRejected)) throw error;
    logger.warn('crm refused the sync', { app, status: error.status, error: error.message });
  }
}

/**
 * Contacts created or changed here become persons in each installed CRM; a closed conversation's transcript
 * becomes a note on its person. Rate limits and outages throw, so SQS redelivers later (the claim is only
 * written once every CRM took the event); a person is linked as soon as it is created, so a repeat updates
 * it instead of creating a second one.
 */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: CRM_SYNC_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    if (event.type === 'contact.updated') {
      const mirrored = event.data.changed.some((field) =>
        (MIRRORED_FIELDS as readonly string[]).includes(field),
      );
      if (!mirrored) return;
    } else if (event.type !== 'contact.created' && event.type !== 'conversation.closed') return;
    // Whether the company has a CRM at all is asked once per batch (most have none); the CRMs themselves are
    // read for each event, since a sync may refresh an app's stored token.
    const none = await memoInBatch(`${event.company_id}|no-crm`, async () => {
      return (await connectedCrms(event.company_id)).length === 0;
    });
    if (none) return;
    const crms = await connectedCrms(event.company_id);
    if (crms.length === 0) return;
    await applyOnce(CRM_SYNC_CONSUMER, event, async () => {
      for (const crm of crms) {
        await settled(crm.app.name, () =>
          event.type === 'conversation.closed'
            ? logTranscript(crm, event.data.conversation)
            : pushContact(crm, event.data.contact),
        );
      }
    });
  },
});
