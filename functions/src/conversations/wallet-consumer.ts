import { domainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { applyOnce } from '../lib/event-claims.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { syncConversationWallet } from './wallet-sync.ts';

export const WALLET_SYNC_CONSUMER = 'wallet-sync';

/**
 * A contact moved between wallets (or out of one): its conversations take the new wallet, so the inbox's
 * wallet limit follows. The copy reads the customer's current wallet, so a late or repeated event is harmless.
 */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: WALLET_SYNC_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    if (event.type !== 'contact.updated' || !event.data.changed.includes('wallet')) return;
    await applyOnce(WALLET_SYNC_CONSUMER, event, async () => {
      await syncConversationWallet(event.company_id, event.entity_id);
    });
  },
});
