import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { config } from '../lib/config.ts';
import {
  conditionFailed,
  epochSeconds,
  retryOnConflict,
  type TransactItem,
  TransactionCancelled,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';

const table = () => config().mainTable;
/** Replies within this long of a campaign message count for the campaign. */
const REPLY_ATTRIBUTION_DAYS = 7;
/**
 * Recipients one claim (or release) transaction takes: two items each (the recipient, its number's pointer)
 * and the campaign's, within TransactWriteItems' 100.
 */
export const MAX_CLAIMS_PER_TRANSACTION = 49;

export interface ClaimTarget {
  contact: string;
  /** The number's digits: the pointer the status webhooks and replies find the recipient by. */
  phone: string;
}

/** The item name of a recipient within a transaction, so a cancellation says which recipients failed. */
export const recipientItem = (contactId: string) => `recipient:${contactId}`;

/** The recipients of `contacts` whose condition failed in a cancelled transaction (none for anything else). */
export const failedRecipients = (error: unknown, contacts: readonly string[]): Set<string> =>
  error instanceof TransactionCancelled
    ? new Set(contacts.filter((contact) => error.failed.has(recipientItem(contact))))
    : new Set();

/**
 * Writes the transaction `build` makes of `members`; a member whose condition failed (another worker or a
 * status webhook settled it first) is left out and the rest written again. Answers the members written; an
 * `abortOn` item whose condition failed ends it with none. A race with another transaction retries as is.
 */
export async function writeMembers<T extends { contact: string }>(
  members: readonly T[],
  build: (members: readonly T[]) => Record<string, TransactItem | readonly TransactItem[]>,
  abortOn?: string,
): Promise<{ written: T[]; aborted: boolean }> {
  let left = [...members];
  while (left.length > 0) {
    try {
      await retryOnConflict(() => transactWrite(build(left)));
      return { written: left, aborted: false };
    } catch (error) {
      if (abortOn && conditionFailed(error, abortOn)) return { written: [], aborted: true };
      const failed = failedRecipients(
        error,
        left.map((member) => member.contact),
      );
      if (failed.size === 0) throw error;
      left = left.filter((member) => !failed.has(member.contact));
    }
  }
  return { written: [], aborted: false };
}

/**
 * Claims recipients before anything is sent, in one transaction: pending → claimed, counted as attempted, only
 * while the campaign runs unpaused. Of two deliveries of the same chunk (or a redelivery after a crash) exactly
 * one claims each recipient; a claimed recipient is never sent again, whatever happened after the claim. Each
 * contact's "last campaign" pointer (its number) is written in the same transaction, for reply attribution and
 * for a status webhook to find a claim whose send was never recorded. Answers the contacts claimed (those no
 * longer pending are left out) and whether the campaign stopped sending (then none is claimed).
 */
export async function claimRecipients(
  companyId: string,
  campaignId: string,
  integrationId: string,
  targets: readonly ClaimTarget[],
  now: Date,
): Promise<{ claimed: string[]; stopped: boolean }> {
  if (targets.length > MAX_CLAIMS_PER_TRANSACTION) throw new Error('too many claims for one transaction');
  const { written, aborted } = await writeMembers(
    targets,
    (left) => ({
      campaign: {
        Update: {
          TableName: table(),
          Key: campaignKeys.campaign(companyId, campaignId),
          UpdateExpression: 'ADD #attempted :count',
          ConditionExpression: '#status IN (:running, :started) AND #paused = :false',
          ExpressionAttributeNames: { '#status': 'status', '#attempted': 'attempted', '#paused': 'paused' },
          ExpressionAttributeValues: {
            ':count': left.length,
            ':running': CAMPAIGN_STATUS.running,
            ':started': CAMPAIGN_STATUS.dispatchStarted,
            ':false': false,
          },
        },
      },
      ...Object.fromEntries(
        left.flatMap((target) => [
          [
            recipientItem(target.contact),
            {
              Update: {
                TableName: table(),
                Key: campaignKeys.recipient(companyId, campaignId, target.contact),
                UpdateExpression: 'SET #status = :claimed, updated_at = :now',
                ConditionExpression: '#status = :pending',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':claimed': 'claimed',
                  ':pending': 'pending',
                  ':now': now.toISOString(),
                },
              },
            },
          ],
          [
            `pointer:${target.contact}`,
            {
              Put: {
                TableName: table(),
                Item: {
                  ...campaignKeys.lastCampaign(companyId, integrationId, target.phone),
                  campaign: campaignId,
                  contact: target.contact,
                  expiresAt: epochSeconds(now) + REPLY_ATTRIBUTION_DAYS * 86_400,
                },
              },
            },
          ],
        ]),
      ),
    }),
    'campaign',
  );
  return { claimed: written.map((target) => target.contact), stopped: aborted };
}

/** One recipient's claim (see claimRecipients): answers whether this call claimed it. */
export async function claimRecipient(
  companyId: string,
  campaignId: string,
  integrationId: string,
  contactId: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const { claimed } = await claimRecipients(
    companyId,
    campaignId,
    integrationId,
    [{ contact: contactId, phone }],
    now,
  );
  return claimed.length === 1;
}

/**
 * Claims never sent (the provider refused for pacing, or the chunk stopped before their turn) are undone, so a
 * later delivery of the chunk sends them. Only a recipient still claimed goes back to pending.
 */
export async function releaseRecipients(companyId: string, campaignId: string, contacts: readonly string[]) {
  for (let start = 0; start < contacts.length; start += MAX_CLAIMS_PER_TRANSACTION * 2) {
    const members = contacts
      .slice(start, start + MAX_CLAIMS_PER_TRANSACTION * 2)
      .map((contact) => ({ contact }));
    await writeMembers(members, (left) => ({
      campaign: {
        Update: {
          TableName: table(),
          Key: campaignKeys.campaign(companyId, campaignId),
          UpdateExpression: 'ADD #attempted :minus',
          ExpressionAttributeNames: { '#attempted': 'attempted' },
          ExpressionAttributeValues: { ':minus': -left.length },
        },
      },
      ...Object.fromEntries(
        left.map(({ contact }) => [
          recipientItem(contact),
          {
            Update: {
              TableName: table(),
              Key: campaignKeys.recipient(companyId, campaignId, contact),
              UpdateExpression: 'SET #status = :pending',
              ConditionExpression: '#status = :claimed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':claimed': 'claimed', ':pending': 'pending' },
            },
          },
        ]),
      ),
    }));
  }
}
