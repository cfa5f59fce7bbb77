import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from './clients.ts';
import { config } from './config.ts';
import { logger } from './logger.ts';

/** A claim outlives any redelivery: the stream keeps records 24 hours, a DLQ message 14 days. */
export const CLAIM_TTL_SECONDS = 15 * 24 * 60 * 60;

export interface ClaimedEvent {
  id: string;
  company_id: string;
}

/** pk C#<cid>#EVENT_CLAIM#<consumer>#<eventId>, sk CLAIM: that the consumer applied the event. */
export const eventClaimKey = (consumer: string, event: ClaimedEvent) => ({
  pk: `C#${event.company_id}#EVENT_CLAIM#${consumer}#${event.id}`,
  sk: 'CLAIM',
});

/**
 * Applies `effect` once per (consumer, event id): a replayed event whose claim exists changes nothing. The
 * claim is written after the effect succeeded, so a crash in between applies it again on redelivery: effects
 * given here must be safe to repeat (they recompute from current state), the claim saves the repeat's work.
 * Answers whether the effect ran.
 */
export async function applyOnce(
  consumer: string,
  event: ClaimedEvent,
  effect: () => Promise<void>,
): Promise<boolean> {
  const key = eventClaimKey(consumer, event);
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: key, ConsistentRead: true }),
  );
  if (Item) {
    logger.info('event already applied; skipped', { consumer, event: event.id });
    return false;
  }
  await effect();
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        ...key,
        entity: 'event_claim',
        consumer,
        event: event.id,
        applied_at: new Date().toISOString(),
        expiresAt: Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS,
      },
    }),
  );
  return true;
}
