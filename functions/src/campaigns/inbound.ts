import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundMessage, InboundStatus } from '@atende/shared/channels/inbound';
import type { RecipientStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { conditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { logger } from '../lib/logger.ts';
import { finishIfDone } from './finish.ts';
import { campaignKeys } from './keys.ts';
import { recordOutcomes, type SendOutcome } from './outcomes.ts';
import { publishCampaign, publishCountsSoon } from './publish.ts';
import { readCampaign, readRecipient } from './store.ts';

const table = () => config().mainTable;

/** Forward order of a sent campaign message; counts only ever grow along it. */
const LADDER: readonly RecipientStatus[] = ['claimed', 'sent', 'delivered', 'read', 'replied'];
const COUNTED: Partial<Record<RecipientStatus, string>> = {
  delivered: 'delivered',
  read: 'read',
  replied: 'replied',
};

async function pointer(key: { pk: string; sk: string }) {
  const { Item } = await clients().document.send(new GetCommand({ TableName: table(), Key: key }));
  return typeof Item?.campaign === 'string' && typeof Item.contact === 'string'
    ? { campaign: Item.campaign, contact: Item.contact }
    : undefined;
}

/**
 * Moves a recipient forward to `target` (never back), adding one to each count it passes (a read that
 * arrives without its delivered counts both). Only from a status below the target, so a repeated or late
 * status changes nothing. A claimed recipient (send outcome unknown) is reconciled the same way.
 */
async function advance(companyId: string, campaignId: string, contactId: string, target: RecipientStatus) {
  const targetIndex = LADDER.indexOf(target);
  for (let fromIndex = targetIndex - 1; fromIndex >= 0; fromIndex -= 1) {
    const from = LADDER[fromIndex] as RecipientStatus;
    const passed = LADDER.slice(fromIndex + 1, targetIndex + 1).flatMap((status) => COUNTED[status] ?? []);
    if (from === 'claimed') passed.push('sent');
    try {
      await transactWrite({
        recipient: {
          Update: {
            TableName: table(),
            Key: campaignKeys.recipient(companyId, campaignId, contactId),
            UpdateExpression: 'SET #status = :to, updated_at = :now',
            ConditionExpression: '#status = :from',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':to': target, ':from': from, ':now': new Date().toISOString() },
          },
        },
        ...(passed.length
          ? {
              campaign: {
                Update: {
                  TableName: table(),
                  Key: campaignKeys.campaign(companyId, campaignId),
                  UpdateExpression: `ADD ${passed.map((_, index) => `#c${index} :one`).join(', ')}`,
                  ExpressionAttributeNames: Object.fromEntries(
                    passed.map((name, index) => [`#c${index}`, name]),
                  ),
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            }
          : {}),
      });
      publishCountsSoon(companyId, campaignId);
      return true;
    } catch (error) {
      if (!conditionFailed(error, 'recipient')) throw error;
    }
  }
  return false;
}

/** The failure code of a `failed` status that names no error. */
const FAILED_WITHOUT_CODE = 'failed';

/**
 * A `failed` status for a sent (not yet delivered) campaign message: the recipient is failed with the
 * provider's code and moves from the sent count to the failed one, so sent + failed + deferred still add up
 * to the attempted. Only from sent: a repeated failure, or one after a delivery, changes nothing.
 */
async function failSent(companyId: string, campaignId: string, contactId: string, code: string) {
  try {
    await transactWrite({
      recipient: {
        Update: {
          TableName: table(),
          Key: campaignKeys.recipient(companyId, campaignId, contactId),
          UpdateExpression: 'SET #status = :failed, error_code = :code, updated_at = :now',
          ConditionExpression: '#status = :sent',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':sent': 'sent',
            ':code': code,
            ':now': new Date().toISOString(),
          },
        },
      },
      campaign: {
        Update: {
          TableName: table(),
          Key: campaignKeys.campaign(companyId, campaignId),
          UpdateExpression: 'ADD #sent :minus, #failed :one, #fbc.#code :one',
          ExpressionAttributeNames: {
            '#sent': 'sent',
            '#failed': 'failed',
            '#fbc': 'failures_by_code',
            '#code': code,
          },
          ExpressionAttributeValues: { ':one': 1, ':minus': -1 },
        },
      },
    });
  } catch (error) {
    if (!conditionFailed(error, 'recipient')) throw error;
    return;
  }
  publishCountsSoon(companyId, campaignId);
}

/**
 * A delivery status of a campaign message (found by its provider id): moves the recipient and the campaign's
 * counts forward; a failure fails it with the provider's code. Answers false for any other message, which the
 * inbox then handles.
 */
export async function handleCampaignStatus(event: InboundStatus): Promise<boolean> {
  const recorded = await pointer(
    campaignKeys.sentMessage(event.companyId, event.integrationId, event.providerMessageId),
  );
  const ref = recorded ?? (await adoptUnrecordedSend(event));
  if (!ref) return false;
  if (event.status === 'delivered' || event.status === 'read') {
    await advance(event.companyId, ref.campaign, ref.contact, event.status);
  } else if (event.status === 'failed' && recorded) {
    await failSent(event.companyId, ref.campaign, ref.contact, event.error?.code ?? FAILED_WITHOUT_CODE);
  }
  return true;
}

/**
 * A status for a message no campaign recorded can still be a campaign's: its worker claimed the recipient, the
 * provider accepted the send and its answer is not recorded yet (the worker records a group at a time) or never
 * will be (the worker died: the outcome unknown). The claim's pointer finds the recipient by the number the
 * status names; while that recipient is still claimed, the status settles it with this message id: as sent
 * (counted, and its later statuses found as usual) or, for a `failed` status, as failed with the provider's
 * code (counted once; its later statuses find it and change nothing). It was never going to be resent: the
 * claim stays until this, the worker's record or its lease settles it.
 */
async function adoptUnrecordedSend(event: InboundStatus) {
  const digits = event.recipient?.replace(/\D/g, '');
  if (!digits || event.status === 'pending') return undefined;
  const ref = await pointer(campaignKeys.lastCampaign(event.companyId, event.integrationId, digits));
  if (!ref) return undefined;
  const recipient = await readRecipient(event.companyId, ref.campaign, ref.contact);
  if (recipient?.status !== 'claimed') return undefined;
  const outcome: SendOutcome =
    event.status === 'failed'
      ? {
          contact: ref.contact,
          outcome: 'failed',
          code: event.error?.code ?? FAILED_WITHOUT_CODE,
          providerMessageId: event.providerMessageId,
        }
      : { contact: ref.contact, outcome: 'sent', providerMessageId: event.providerMessageId };
  const recorded = await recordOutcomes(
    event.companyId,
    ref.campaign,
    event.integrationId,
    [outcome],
    new Date(),
  );
  if (recorded.length === 0) return undefined;
  logger.info('campaign send settled by its status webhook', {
    campaignId: ref.campaign,
    outcome: outcome.outcome,
  });
  const campaign = await finishIfDone(event.companyId, ref.campaign);
  if (campaign) await publishCampaign(campaign);
  return ref;
}

/** The channels a campaign sends on (the campaign view's `channel`): no other channel has a campaign pointer. */
const CAMPAIGN_CHANNELS: ReadonlySet<InboundMessage['channel']> = new Set(['official', 'whatsapp']);

/** The number a campaign pointer is kept under; none (no read) for a channel campaigns never reach. */
const digitsOf = (event: InboundMessage) =>
  CAMPAIGN_CHANNELS.has(event.channel) ? (event.from.phone ?? event.from.externalId).replace(/\D/g, '') : '';

export interface CampaignOrigin {
  campaign: string;
  /** The campaign's `reply_to`: the department whose queue takes the reply, or the flow that answers it. */
  department: string | undefined;
  flow: string | undefined;
}

/**
 * The campaign a customer's new conversation answers: the last campaign that reached this number on this
 * integration within the attribution window (the pointer its claim wrote), with where its replies go.
 */
export async function campaignOrigin(event: InboundMessage): Promise<CampaignOrigin | undefined> {
  const digits = digitsOf(event);
  if (!digits) return undefined;
  const ref = await pointer(campaignKeys.lastCampaign(event.companyId, event.integrationId, digits));
  if (!ref) return undefined;
  const campaign = await readCampaign(event.companyId, ref.campaign);
  if (!campaign) return undefined;
  return {
    campaign: campaign._id,
    department: campaign.reply_to?.department,
    flow: campaign.reply_to?.flow,
  };
}

/** The flow a campaign's replies go to, if it names one. */
export const campaignReplyFlow = async (companyId: string, campaignId: string) =>
  (await readCampaign(companyId, campaignId))?.reply_to?.flow;

/**
 * A customer's message: if a campaign reached this number on this integration within the attribution window,
 * the recipient counts as replied (once). The conversation itself opens as any inbound one does.
 */
export async function noteCampaignReply(event: InboundMessage): Promise<void> {
  const digits = digitsOf(event);
  if (!digits) return;
  const ref = await pointer(campaignKeys.lastCampaign(event.companyId, event.integrationId, digits));
  if (ref) await advance(event.companyId, ref.campaign, ref.contact, 'replied');
}
