import { domainEvent, type DomainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import type { OfficeCalendar } from '@atende/shared/rules/business-time';
import { readSettings } from '../company/settings-reader.ts';
import { readCompanyItemCached } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import { readContact } from '../contacts/store.ts';
import { TransactionCancelled } from '../lib/dynamo/transaction.ts';
import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { coalesceByKey } from '../lib/coalesce.ts';
import { serialByKey } from '../lib/concurrency.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { applyContactCreated } from './contact-origin.ts';
import { reduceFact } from './facts.ts';
import { applyPresence } from './presence-ledger.ts';
import { commitEvent, LEDGER_CONSUMER, readFact } from './ledger-store.ts';

/** Rollup items are shared by a company's conversations: a racing writer makes us read again, this often. */
const ATTEMPTS = 8;

/** The company's office hours and holidays in its time zone: what business time is measured against. */
export async function officeCalendarOf(companyId: string): Promise<OfficeCalendar> {
  const company = await readCompanyItemCached(companyId);
  const settings = readSettings(company);
  return { ...settings.officeHours, holidays: settings.holidays, timeZone: timezoneOf(company) };
}

const conversationOf = (event: DomainEvent): string | undefined =>
  event.type === 'message.created'
    ? event.data.message.conversation
    : event.type.startsWith('conversation.')
      ? event.entity_id
      : undefined;

/**
 * Applies one domain event to the ledger exactly once: the fact, its rollups and the event's claim are one
 * transaction, so a replay (same event id) is refused by the claim and a crash leaves nothing half-applied.
 * Answers whether the event changed the ledger.
 */
export async function applyToLedger(event: DomainEvent, calendar?: OfficeCalendar): Promise<boolean> {
  const conversation = conversationOf(event);
  if (!conversation) return false;
  const office = calendar ?? (await officeCalendarOf(event.company_id));
  return inTurn(event.company_id, () => commitToLedger(event, conversation, office));
}

/**
 * A company's events share its rollup items: applied side by side (a batch's FIFO groups, concurrent
 * invocations), all but one would fail the rollups' version condition and read everything again. This
 * process applies a company's events one at a time; other processes still race, which the retries absorb.
 */
const inTurn = serialByKey();

async function commitToLedger(
  event: DomainEvent,
  conversation: string,
  office: OfficeCalendar,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const previous = await readFact(event.company_id, conversation);
    const reduced = reduceFact(previous?.fact, event, office);
    if (!reduced) return false;
    const { contributions } = reduced;
    let { fact } = reduced;
    if (!previous?.fact.opened_at && fact.opened_at && fact.customer._id) {
      const contact = await readContact(event.company_id, fact.customer._id);
      fact = { ...fact, tags: contact?.tags ?? [] };
    }
    try {
      await commitEvent(event.company_id, event, previous, fact, contributions);
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.failed.has('claim')) {
        logger.info('event already in the ledger; skipped', { event: event.id });
        return false;
      }
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * The ledger is committed: a lost frame only delays open analytics screens until their next read. Every frame
 * costs the room's members, its listeners and a sequence and a frame per listener, and the screens refetch on
 * each: a burst of a company's events announces at once, then once a second at most (coalesceByKey).
 */
const ANNOUNCE_WINDOW_MS = 1_000;
const announce = coalesceByKey<{ conversation?: string }>(ANNOUNCE_WINDOW_MS, async (companyId, data) => {
  await publishToRoom(companyId, companyRoom(companyId), 'analytics-update', data).catch((error: unknown) =>
    logger.warn('analytics-update not delivered', {
      error: error instanceof Error ? error.message : String(error),
    }),
  );
});

/** The analytics ledger: per-conversation facts and hourly rollups, from the domain events. */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: LEDGER_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    // Contact origins are counts of their own, not part of any conversation's fact.
    if (event.type === 'contact.created') {
      if (await applyContactCreated(event)) await announce(event.company_id, {});
      return;
    }
    if (
      event.type === 'employee.connected' ||
      event.type === 'employee.disconnected' ||
      event.type === 'employee.status_changed'
    ) {
      if (await applyPresence(event)) await announce(event.company_id, {});
      return;
    }
    const conversation = conversationOf(event);
    if (!conversation || !(await applyToLedger(event))) return;
    await announce(event.company_id, { conversation });
  },
});
