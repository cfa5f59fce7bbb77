import { randomBytes, randomInt } from 'node:crypto';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { ChannelSendError, type OutboundMessage } from '../channels/adapter.ts';
import { bindAdapter, isAdapterProvider } from '../channels/providers.ts';
import { sendSessionCommand } from '../channels/whatsapp-session/commands.ts';
import { newWhatsappMessageId } from '../channels/whatsapp-session/connector.ts';
import { openCredentials } from '../integrations/crypto.ts';
import { getIntegration } from '../integrations/store.ts';
import { logger } from '../lib/logger.ts';
import { claimRecipient, recordRefused, recordSent, releaseRecipient } from './claims.ts';
import { finishIfDone } from './dispatch.ts';
import { backOff, DEFAULT_MESSAGES_PER_SECOND, tokenPool } from './governor.ts';
import { publishCampaign } from './publish.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';
import { readCampaign, readRecipient } from './store.ts';

/** Meta's "this user reached their marketing cap": defer the contact, never resend. */
const MARKETING_CAP = '131049';
/** Official sends in flight at once per worker; the bucket, not this, sets the rate. */
const PARALLEL_SENDS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PacedByProvider extends Error {}

type Deliver = (recipient: RecipientRecord) => Promise<string>;

async function officialDeliver(campaign: CampaignRecord): Promise<Deliver> {
  const record = await getIntegration(campaign.company, campaign.integration);
  if (!record || record.type === 'widget' || !isAdapterProvider(record.provider)) {
    throw new ChannelSendError({ code: 'auth_failed', message: 'integration not found', retryable: false });
  }
  const adapter = bindAdapter(record.provider, openCredentials(record.credentials, record._id), {
    companyId: campaign.company,
    integrationId: record._id,
  });
  return async (recipient) => {
    const message: OutboundMessage = {
      kind: 'template',
      to: recipient.phone ?? '',
      template: {
        name: campaign.template ?? '',
        language: campaign.template_language,
        ...(recipient.params.length
          ? {
              components: [
                { type: 'body', parameters: recipient.params.map((text) => ({ type: 'text', text })) },
              ],
            }
          : {}),
      },
    };
    return (await adapter.send(message)).providerMessageId;
  };
}

/** The unofficial (QR) channel: text through the session worker, after a random pause that protects the number. */
function sessionDeliver(campaign: CampaignRecord): Deliver {
  return async (recipient) => {
    const delay = campaign.delay ?? { min: 5, max: 15 };
    await sleep(randomInt(delay.min * 1000, delay.max * 1000 + 1));
    const messageId = newWhatsappMessageId(randomBytes);
    await sendSessionCommand({
      kind: 'send',
      companyId: campaign.company,
      integrationId: campaign.integration,
      messageId,
      to: recipient.phone ?? '',
      text: recipient.text ?? '',
    });
    return messageId;
  };
}

/**
 * One recipient: claim, then send. The claim is the line never crossed twice: a send whose outcome is unknown
 * (the process died, the network dropped) leaves the recipient claimed, and only the provider's status
 * webhooks move it on. Pacing refusals (130429) undo the claim and make the chunk come back later.
 */
async function sendOne(
  campaign: CampaignRecord,
  contactId: string,
  deliver: Deliver,
  rate: number,
  token: () => Promise<boolean>,
) {
  const recipient = await readRecipient(campaign.company, campaign._id, contactId);
  if (!recipient || recipient.status !== 'pending' || !recipient.phone) return;
  if (!(await token())) return;
  const now = new Date();
  const claimed = await claimRecipient(
    campaign.company,
    campaign._id,
    campaign.integration,
    contactId,
    recipient.phone,
    now,
  );
  if (!claimed) return;
  let providerMessageId: string;
  try {
    providerMessageId = await deliver(recipient);
  } catch (error) {
    if (!(error instanceof ChannelSendError)) {
      logger.error('campaign send outcome unknown; the recipient stays claimed', {
        campaignId: campaign._id,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (error.code === 'rate_limited') {
      await releaseRecipient(campaign.company, campaign._id, contactId);
      await backOff(campaign.company, campaign.integration, rate, error.retryAfterSeconds ?? 5);
      throw new PacedByProvider(`provider pacing (${error.providerCode ?? error.code})`);
    }
    const code = error.providerCode ?? error.code;
    await recordRefused(
      campaign.company,
      campaign._id,
      contactId,
      code === MARKETING_CAP ? 'deferred' : 'failed',
      code,
      new Date(),
    );
    return;
  }
  await recordSent(
    campaign.company,
    campaign._id,
    campaign.integration,
    contactId,
    providerMessageId,
    new Date(),
  );
}

/**
 * A chunk of recipients. A campaign no longer running (paused, cancelled, finished) drops the chunk: resume
 * queues what is still pending. A pacing refusal fails the chunk so SQS brings it back after the backoff.
 */
export async function sendChunk(companyId: string, campaignId: string, contacts: readonly string[]) {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || campaign.status !== CAMPAIGN_STATUS.running || campaign.paused) return;
  const deliver =
    campaign.channel === 'official' ? await officialDeliver(campaign) : sessionDeliver(campaign);
  const rate = DEFAULT_MESSAGES_PER_SECOND;
  const lanes = campaign.channel === 'official' ? PARALLEL_SENDS : 1;
  const queue = [...contacts];
  let paced: unknown;
  const stopped = () => paced !== undefined;
  const pool = tokenPool(companyId, campaign.integration, rate, contacts.length, stopped);
  // The unofficial channel paces itself (random delays); the bucket meters official numbers.
  const token = campaign.channel === 'official' ? pool.take : async () => !stopped();
  const lane = async () => {
    for (let next = queue.shift(); next !== undefined && !paced; next = queue.shift()) {
      try {
        await sendOne(campaign, next, deliver, rate, token);
      } catch (error) {
        paced = error;
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  const after = await finishIfDone(companyId, campaignId);
  if (after && after.status === CAMPAIGN_STATUS.running) await publishCampaign(after);
  if (paced) throw paced;
}
