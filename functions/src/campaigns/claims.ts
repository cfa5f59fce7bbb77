import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { config } from '../lib/config.ts';
import { epochSeconds, transactWrite, conditionFailed } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';

const table = () => config().mainTable;
/** Replies within this long of a campaign message count for the campaign. */
const REPLY_ATTRIBUTION_DAYS = 7;

/**
 * Claims one recipient before anything is sent: pending → claimed, counted as attempted, only while the
 * campaign runs unpaused. Of two deliveries of the same chunk (or a redelivery after a crash) exactly one
 * claims it; a claimed recipient is never sent again, whatever happened after the claim. The contact's
 * "last campaign" pointer is written in the same transaction for reply attribution.
 */
export async function claimRecipient(
  companyId: string,
  campaignId: string,
  integrationId: string,
  contactId: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  try {
    await transactWrite({
      recipient: {
        Update: {
          TableName: table(),
          Key: campaignKeys.recipient(companyId, campaignId, contactId),
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
      campaign: {
        Update: {
          TableName: table(),
          Key: campaignKeys.campaign(companyId, campaignId),
          UpdateExpression: 'ADD #attempted :one',
          ConditionExpression: '#status IN (:running, :started) AND #paused = :false',
          ExpressionAttributeNames: { '#status': 'status', '#attempted': 'attempted', '#paused': 'paused' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':running': CAMPAIGN_STATUS.running,
            ':started': CAMPAIGN_STATUS.dispatchStarted,
            ':false': false,
          },
        },
      },
      pointer: {
        Put: {
          TableName: table(),
          Item: {
            ...campaignKeys.lastCampaign(companyId, integrationId, phone),
            campaign: campaignId,
            contact: contactId,
            expiresAt: epochSeconds(now) + REPLY_ATTRIBUTION_DAYS * 86_400,
          },
        },
      },
    });
    return true;
  } catch (error) {
    if (conditionFailed(error, 'recipient') || conditionFailed(error, 'campaign')) return false;
    throw error;
  }
}

/** The provider refused for pacing: the claim is undone so a later delivery of the chunk sends it. */
export async function releaseRecipient(companyId: string, campaignId: string, contactId: string) {
  await transactWrite({
    recipient: {
      Update: {
        TableName: table(),
        Key: campaignKeys.recipient(companyId, campaignId, contactId),
        UpdateExpression: 'SET #status = :pending',
        ConditionExpression: '#status = :claimed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':pending': 'pending' },
      },
    },
    campaign: {
      Update: {
        TableName: table(),
        Key: campaignKeys.campaign(companyId, campaignId),
        UpdateExpression: 'ADD #attempted :minus',
        ExpressionAttributeNames: { '#attempted': 'attempted' },
        ExpressionAttributeValues: { ':minus': -1 },
      },
    },
  });
}

/** The provider accepted: the recipient keeps its message id, and a pointer lets statuses find it. */
export async function recordSent(
  companyId: string,
  campaignId: string,
  integrationId: string,
  contactId: string,
  providerMessageId: string,
  now: Date,
) {
  await transactWrite({
    recipient: {
      Update: {
        TableName: table(),
        Key: campaignKeys.recipient(companyId, campaignId, contactId),
        UpdateExpression: 'SET #status = :sent, provider_message_id = :id, updated_at = :now',
        ConditionExpression: '#status = :claimed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sent': 'sent',
          ':claimed': 'claimed',
          ':id': providerMessageId,
          ':now': now.toISOString(),
        },
      },
    },
    campaign: {
      Update: {
        TableName: table(),
        Key: campaignKeys.campaign(companyId, campaignId),
        UpdateExpression: 'ADD #sent :one',
        ExpressionAttributeNames: { '#sent': 'sent' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    pointer: {
      Put: {
        TableName: table(),
        Item: {
          ...campaignKeys.sentMessage(companyId, integrationId, providerMessageId),
          campaign: campaignId,
          contact: contactId,
          expiresAt: epochSeconds(now) + 30 * 86_400,
        },
      },
    },
  });
}

/**
 * The provider refused for good (failed, with its code), for the user's marketing cap (deferred, 131049), or
 * the claim's lease ran out with no answer recorded (failed, `outcome_unknown`). `claimedBefore` makes the
 * last one touch only a claim older than the lease.
 */
export async function recordRefused(
  companyId: string,
  campaignId: string,
  contactId: string,
  outcome: 'failed' | 'deferred',
  code: string,
  now: Date,
  claimedBefore?: Date,
) {
  await transactWrite({
    recipient: {
      Update: {
        TableName: table(),
        Key: campaignKeys.recipient(companyId, campaignId, contactId),
        UpdateExpression: 'SET #status = :outcome, error_code = :code, updated_at = :now',
        ConditionExpression: claimedBefore
          ? '#status = :claimed AND updated_at < :lease'
          : '#status = :claimed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':claimed': 'claimed',
          ':code': code,
          ':now': now.toISOString(),
          ...(claimedBefore ? { ':lease': claimedBefore.toISOString() } : {}),
        },
      },
    },
    campaign: {
      Update: {
        TableName: table(),
        Key: campaignKeys.campaign(companyId, campaignId),
        UpdateExpression: outcome === 'failed' ? 'ADD #outcome :one, #fbc.#code :one' : 'ADD #outcome :one',
        ExpressionAttributeNames: {
          '#outcome': outcome,
          ...(outcome === 'failed' ? { '#fbc': 'failures_by_code', '#code': code } : {}),
        },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  });
}
