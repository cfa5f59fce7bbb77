import { config } from '../lib/config.ts';
import { epochSeconds, type TransactItem, transactWrite } from '../lib/dynamo/transaction.ts';
import { MAX_CLAIMS_PER_TRANSACTION, recipientItem, writeMembers } from './claims.ts';
import { campaignKeys } from './keys.ts';

const table = () => config().mainTable;
/** Status webhooks find a sent message by its provider id this long. */
const SENT_POINTER_DAYS = 30;

/**
 * What became of a claimed recipient's send: the provider accepted it (its message id), refused it for good
 * (failed, with its code) or for the user's marketing cap (deferred, 131049).
 */
export type SendOutcome =
  | { contact: string; outcome: 'sent'; providerMessageId: string }
  /** A failure the status webhook reported names the message (its later statuses then find it). */
  | { contact: string; outcome: 'failed' | 'deferred'; code: string; providerMessageId?: string };

/** The campaign's counts of `outcomes`: one ADD per count and per failure code. */
function countsUpdate(companyId: string, campaignId: string, outcomes: readonly SendOutcome[]): TransactItem {
  const adds = new Map<string, number>();
  const add = (path: string) => adds.set(path, (adds.get(path) ?? 0) + 1);
  for (const entry of outcomes) {
    add(entry.outcome);
    if (entry.outcome === 'failed') add(`code:${entry.code}`);
  }
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const terms = [...adds].map(([path, count], index) => {
    values[`:n${index}`] = count;
    if (!path.startsWith('code:')) {
      names[`#c${index}`] = path;
      return `#c${index} :n${index}`;
    }
    names['#fbc'] = 'failures_by_code';
    names[`#k${index}`] = path.slice('code:'.length);
    return `#fbc.#k${index} :n${index}`;
  });
  return {
    Update: {
      TableName: table(),
      Key: campaignKeys.campaign(companyId, campaignId),
      UpdateExpression: `ADD ${terms.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function recipientUpdate(companyId: string, campaignId: string, entry: SendOutcome, now: Date): TransactItem {
  const sets = ['#status = :outcome', 'updated_at = :now'];
  if (entry.providerMessageId) sets.push('provider_message_id = :id');
  if (entry.outcome !== 'sent') sets.push('error_code = :code');
  return {
    Update: {
      TableName: table(),
      Key: campaignKeys.recipient(companyId, campaignId, entry.contact),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#status = :claimed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':outcome': entry.outcome,
        ':claimed': 'claimed',
        ':now': now.toISOString(),
        ...(entry.providerMessageId ? { ':id': entry.providerMessageId } : {}),
        ...(entry.outcome === 'sent' ? {} : { ':code': entry.code }),
      },
    },
  };
}

const sentPointer = (
  companyId: string,
  campaignId: string,
  integrationId: string,
  contactId: string,
  providerMessageId: string,
  now: Date,
): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...campaignKeys.sentMessage(companyId, integrationId, providerMessageId),
      campaign: campaignId,
      contact: contactId,
      expiresAt: epochSeconds(now) + SENT_POINTER_DAYS * 86_400,
    },
  },
});

/**
 * Records the outcomes of many claimed recipients' sends in as few transactions as TransactWriteItems allows
 * (each recipient moves from claimed to its outcome, a sent one leaves the pointer its status webhooks find it
 * by, the campaign counts all of them at once). A recipient no longer claimed (a status webhook settled it
 * first) is left out, so nothing is counted twice. Answers the contacts recorded.
 */
export async function recordOutcomes(
  companyId: string,
  campaignId: string,
  integrationId: string,
  outcomes: readonly SendOutcome[],
  now: Date,
): Promise<string[]> {
  const recorded: string[] = [];
  for (let start = 0; start < outcomes.length; start += MAX_CLAIMS_PER_TRANSACTION) {
    const { written } = await writeMembers(
      outcomes.slice(start, start + MAX_CLAIMS_PER_TRANSACTION),
      (left) => ({
        campaign: countsUpdate(companyId, campaignId, left),
        ...Object.fromEntries(
          left.flatMap((entry) => [
            [recipientItem(entry.contact), recipientUpdate(companyId, campaignId, entry, now)],
            ...(entry.providerMessageId
              ? [
                  [
                    `pointer:${entry.contact}`,
                    sentPointer(
                      companyId,
                      campaignId,
                      integrationId,
                      entry.contact,
                      entry.providerMessageId,
                      now,
                    ),
                  ],
                ]
              : []),
          ]),
        ),
      }),
    );
    recorded.push(...written.map((entry) => entry.contact));
  }
  return recorded;
}

/**
 * The claim's lease ran out with no answer recorded: failed, `outcome_unknown`, only if still claimed since
 * before `claimedBefore` (see reconcileClaims). Throws TransactionCancelled (item `recipient`) otherwise.
 */
export async function recordLeaseExpired(
  companyId: string,
  campaignId: string,
  contactId: string,
  code: string,
  now: Date,
  claimedBefore: Date,
) {
  await transactWrite({
    recipient: {
      Update: {
        TableName: table(),
        Key: campaignKeys.recipient(companyId, campaignId, contactId),
        UpdateExpression: 'SET #status = :failed, error_code = :code, updated_at = :now',
        ConditionExpression: '#status = :claimed AND updated_at < :lease',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':claimed': 'claimed',
          ':code': code,
          ':now': now.toISOString(),
          ':lease': claimedBefore.toISOString(),
        },
      },
    },
    campaign: countsUpdate(companyId, campaignId, [{ contact: contactId, outcome: 'failed', code }]),
  });
}
