import { logger } from '../lib/logger.ts';
import { claimRecipients, MAX_CLAIMS_PER_TRANSACTION } from './claims.ts';
import { recordOutcomes, type SendOutcome } from './outcomes.ts';
import { traced } from './pause-trace.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';
import { readRecipients } from './store.ts';

/*
 * A chunk's claims and outcomes written a group at a time rather than one transaction per recipient each:
 * DynamoDB's transactions, not the provider, bounded the send rate.
 */

export interface Claimer {
  /** The next claimed recipient to send, or undefined once none is left (or the chunk stopped). */
  next(): Promise<RecipientRecord | undefined>;
  /** A claimed recipient that was not sent after all: released with the rest when the chunk ends. */
  giveBack(recipient: RecipientRecord): void;
  /** The claimed recipients never sent (given back, or left when the chunk stopped). */
  unsent(): RecipientRecord[];
  /** The number's daily tier stopped the claims. */
  readonly tierReached: boolean;
}

/** Recipients read at once (BatchGetItem's limit). */
const READ_PAGE = 100;
/**
 * Groups claimed ahead of the sends (`ahead`): the next claim starts while this many groups or fewer are
 * left, so a claim slowed by a loaded table (up to a group's sending time per group ahead) leaves no lane
 * waiting.
 */
const GROUPS_AHEAD = 2;

/**
 * Claims a chunk's recipients `group` at a time, each group in one transaction, the next group while the
 * previous ones are being sent (`ahead`), so the lanes rarely wait for a claim. At most GROUPS_AHEAD + 1 groups
 * are claimed and not yet sent: what a crash can leave for the lease to settle as `outcome_unknown` (never
 * sent, never resent). Recipients are read a page at a time, the next page while the claims use the last (those
 * no longer pending are skipped), and each passes the number's daily tier before its claim. A campaign that
 * stopped sending (paused, cancelled) claims nothing more.
 */
export function claimer(
  campaign: CampaignRecord,
  contacts: readonly string[],
  options: {
    group: number;
    ahead: boolean;
    tier: (phone: string) => Promise<boolean>;
    stopped: () => boolean;
  },
): Claimer {
  const unread = [...contacts];
  const waiting: RecipientRecord[] = [];
  const ready: RecipientRecord[] = [];
  const returned: RecipientRecord[] = [];
  let claiming: Promise<void> | undefined;
  let reading: Promise<RecipientRecord[]> | undefined;
  let ended = false;
  let halted = false;
  let tierReached = false;
  let failure: unknown;
  const group = Math.max(1, Math.min(options.group, MAX_CLAIMS_PER_TRANSACTION));

  /** The next page's read, started once the recipients read are fewer than a group. */
  const readAhead = () => {
    if (reading || unread.length === 0 || waiting.length >= group) return;
    reading = readRecipients(campaign.company, campaign._id, unread.splice(0, READ_PAGE));
    // Its failure is the claim's that awaits it.
    reading.catch(() => undefined);
  };
  const claimGroup = async () => {
    const members: RecipientRecord[] = [];
    const phones = new Set<string>();
    while (members.length < group && (waiting.length > 0 || unread.length > 0 || reading)) {
      if (waiting.length === 0) {
        readAhead();
        const page = await traced('claim:read', () => reading as Promise<RecipientRecord[]>).finally(() => {
          reading = undefined;
        });
        waiting.push(...page.filter((recipient) => recipient.status === 'pending' && recipient.phone));
        continue;
      }
      const recipient = waiting[0] as RecipientRecord;
      const phone = recipient.phone ?? '';
      // One transaction writes a number's pointer once: a second recipient of the number waits for the next.
      if (phones.has(phone)) break;
      if (!(await traced('claim:tier', () => options.tier(phone)))) {
        tierReached = true;
        ended = true;
        break;
      }
      waiting.shift();
      phones.add(phone);
      members.push(recipient);
    }
    if (members.length === 0) return;
    readAhead();
    const { claimed, stopped } = await traced('claim:txn', () =>
      claimRecipients(
        campaign.company,
        campaign._id,
        campaign.integration,
        members.map((recipient) => ({ contact: recipient.contact, phone: recipient.phone ?? '' })),
        new Date(),
      ),
    );
    if (stopped) {
      // Paused or cancelled meanwhile: what was claimed before and not sent yet goes back too.
      ended = true;
      halted = true;
    }
    const taken = new Set(claimed);
    ready.push(...members.filter((recipient) => taken.has(recipient.contact)));
  };
  const refill = () => {
    claiming ??= claimGroup()
      .catch((error: unknown) => {
        failure ??= error;
        ended = true;
      })
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  };
  const more = () => !ended && (waiting.length > 0 || unread.length > 0 || reading !== undefined);

  return {
    async next() {
      for (;;) {
        if (failure !== undefined) throw failure;
        if (options.stopped() || halted) return undefined;
        if (options.ahead && more() && ready.length <= GROUPS_AHEAD * group) void refill();
        const recipient = ready.shift();
        if (recipient) return recipient;
        if (claiming) await claiming;
        else if (more()) await refill();
        else return undefined;
      }
    },
    giveBack: (recipient) => returned.push(recipient),
    unsent: () => [...returned.splice(0), ...ready.splice(0)],
    get tierReached() {
      return tierReached;
    },
  };
}

export interface Recorder {
  add(outcome: SendOutcome): void;
  /** Writes what is left and waits for every write; throws the first write's failure. */
  close(): Promise<void>;
}

/**
 * Records outcomes as they come, `flushAt` at a time in one transaction, one write after the other in the
 * background so the lanes go on sending. Until its write a sent recipient stays claimed: a status webhook
 * arriving first settles it from the claim (inbound.ts), and this write then leaves it out.
 */
export function recorder(
  campaign: CampaignRecord,
  flushAt: number,
  /** Told after each write (the campaign's progress can be published). */
  onWritten: () => Promise<void> = async () => undefined,
): Recorder {
  const pending: SendOutcome[] = [];
  let writes: Promise<void> = Promise.resolve();
  let failure: unknown;
  const flush = () => {
    const batch = pending.splice(0, MAX_CLAIMS_PER_TRANSACTION);
    writes = writes.then(async () => {
      try {
        const recorded = await traced('record:txn', () =>
          recordOutcomes(campaign.company, campaign._id, campaign.integration, batch, new Date()),
        );
        if (recorded.length < batch.length) {
          logger.info('campaign outcomes settled first by their status webhooks', {
            campaignId: campaign._id,
            settled: batch.length - recorded.length,
          });
        }
        await traced('record:check campaign', onWritten);
      } catch (error) {
        // The rest is still written: what is not stays claimed, as after a crash.
        failure ??= error;
      }
    });
  };
  return {
    add(outcome) {
      pending.push(outcome);
      if (pending.length >= flushAt) flush();
    },
    async close() {
      while (pending.length > 0) flush();
      await writes;
      if (failure !== undefined) throw failure;
    },
  };
}
