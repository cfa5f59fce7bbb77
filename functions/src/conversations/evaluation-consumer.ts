import { domainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { applyOnce } from '../lib/event-claims.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { askForEvaluation } from './evaluation.ts';

export const EVALUATION_CONSUMER = 'service-evaluation';

/**
 * A conversation an employee served was closed: the customer is asked for a grade (when the company asks).
 * Closes by the bot or for inactivity had no one to evaluate.
 */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: EVALUATION_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    if (event.type !== 'conversation.closed' || event.data.previous_status !== 'in_service') return;
    await applyOnce(EVALUATION_CONSUMER, event, async () => {
      await askForEvaluation(event.company_id, event.data.conversation);
    });
  },
});
