import { domainEvent, type DomainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import type { OfficeCalendar } from '@atende/shared/rules/business-time';
import { readSettings } from '../company/settings-reader.ts';
import { readCompanyItemCached } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import { readContact } from '../contacts/store.ts';
import { isTransactionConflict, TransactionCancelled } from '../lib/dynamo/transaction.ts';
import { config } from '../lib/config.ts';
import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { coalesceByKey } from '../lib/coalesce.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { applyContactCreated } from './contact-origin.ts';
import { reduceFact } from './facts.ts';
import { applyPresence } from './presence-ledger.ts';
import {
  commitEvents,
  LEDGER_CONSUMER,
  type LedgerEntry,
  ledgerItemCount,
  readFacts,
} from './ledger-store.ts';

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
  return new Promise((settle, fail) => enqueue({ event, conversation, office, settle, fail }));
}

interface Waiting {
  event: DomainEvent;
  conversation: string;
  office: OfficeCalendar;
  settle: (applied: boolean) => void;
  fail: (error: unknown) => void;
}

/** Events per transaction at most (a claim and a fact each, and the rollups they touch, within 100 items). */
const EVENTS_PER_COMMIT = 25;
const TRANSACTION_ITEMS = 100;

/**
 * A company's events share its rollup items: written side by side (a batch's FIFO groups, concurrent
 * invocations), all but one would fail the rollups' version condition and read everything again. In this
 * process a company's events are committed by one writer at a time, and the events that arrive while it
 * writes (the other groups of the batch) go together into its next transaction: one read of their facts, one
 * of the rollups, one write. Other processes still race, which the retries absorb.
 */
const waiting = new Map<string, Waiting[]>();

function enqueue(entry: Waiting): void {
  const key = `${config().mainTable}|${entry.event.company_id}`;
  const queued = waiting.get(key);
  if (queued) {
    queued.push(entry);
    return;
  }
  waiting.set(key, [entry]);
  setImmediate(() => void drain(key, entry.event.company_id));
}

async function drain(key: string, companyId: string): Promise<void> {
  for (;;) {
    const queued = waiting.get(key) ?? [];
    if (queued.length === 0) {
      waiting.delete(key);
      return;
    }
    // One event per conversation in a transaction (its fact is read once); a later one waits for the next.
    const taken: Waiting[] = [];
    const conversations = new Set<string>();
    for (let index = 0; index < queued.length && taken.length < EVENTS_PER_COMMIT;) {
      const entry = queued[index] as Waiting;
      if (conversations.has(entry.conversation)) {
        index += 1;
        continue;
      }
      conversations.add(entry.conversation);
      taken.push(entry);
      queued.splice(index, 1);
    }
    await commitTogether(companyId, taken);
  }
}

/** Commits `group` (distinct conversations of one company), settling each event; never throws. */
async function commitTogether(companyId: string, group: readonly Waiting[]): Promise<void> {
  let pending = [...group];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    try {
      const previous = await readFacts(
        companyId,
        pending.map((entry) => entry.conversation),
      );
      const entries: Array<{ waiting: Waiting; entry: LedgerEntry }> = [];
      for (const waiting of pending) {
        const stored = previous.get(waiting.conversation);
        const reduced = reduceFact(stored?.fact, waiting.event, waiting.office);
        if (!reduced) {
          waiting.settle(false);
          continue;
        }
        let { fact } = reduced;
        if (!stored?.fact.opened_at && fact.opened_at && fact.customer._id) {
          const contact = await readContact(companyId, fact.customer._id);
          fact = { ...fact, tags: contact?.tags ?? [] };
        }
        entries.push({
          waiting,
          entry: { event: waiting.event, previous: stored, fact, contributions: reduced.contributions },
        });
      }
      pending = entries.map(({ waiting }) => waiting);
      if (entries.length === 0) return;
      // What does not fit in one transaction waits for the next round of the loop.
      let fits = entries.length;
      while (
        fits > 1 &&
        ledgerItemCount(
          companyId,
          entries.slice(0, fits).map(({ entry }) => entry),
        ) > TRANSACTION_ITEMS
      )
        fits = Math.ceil(fits / 2);
      const written = entries.slice(0, fits);
      await commitEvents(
        companyId,
        written.map(({ entry }) => entry),
      );
      for (const { waiting } of written) waiting.settle(true);
      pending = pending.slice(fits);
      attempt = 0;
    } catch (error) {
      const replayed = error instanceof TransactionCancelled ? error.failedWithin.get('claims') : undefined;
      if (replayed && replayed.length > 0) {
        // Already in the ledger (a redelivery): skipped; the others are tried again at once.
        const skipped = new Set(replayed.map((position) => pending[position]));
        for (const entry of skipped) {
          logger.info('event already in the ledger; skipped', { event: entry?.event.id });
          entry?.settle(false);
        }
        pending = pending.filter((entry) => !skipped.has(entry));
        continue;
      }
      if (attempt >= ATTEMPTS || !(error instanceof TransactionCancelled || isTransactionConflict(error))) {
        for (const entry of pending) entry.fail(error);
        return;
      }
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
