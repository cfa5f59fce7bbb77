import { isSending } from '@atende/shared/contracts/campaigns/views';
import { ChannelSendError } from '../channels/adapter.ts';
import { logger } from '../lib/logger.ts';
import { claimRecipient, recordRefused, recordSent, releaseRecipient } from './claims.ts';
import { type Deliver, officialDeliver, sessionDeliver } from './deliver.ts';
import { finishIfDone } from './finish.ts';
import { backOff, tokenPool } from './governor.ts';
import { failureRateTooHigh, systemPause } from './pauses.ts';
import { publishCampaign } from './publish.ts';
import { enqueueDispatch } from './queue.ts';
import type { CampaignRecord } from './records.ts';
import { readSender } from './senders.ts';
import { readCampaign, readRecipient } from './store.ts';
import { tierGate } from './tier.ts';

/** Meta's "this user reached their marketing cap": defer the contact, never resend. */
const MARKETING_CAP = '131049';
/** Meta's pair rate limit (one business number → one user, about one message every 6 s): that user waits. */
const PAIR_RATE_LIMIT = '131056';
/** Official sends in flight at once per worker; the bucket, not this, sets the rate. */
const PARALLEL_SENDS = 8;

export class PacedByProvider extends Error {}
class TierReached extends Error {}

interface Governor {
  deliver: Deliver;
  rate: number;
  token: () => Promise<boolean>;
  tier: (phoneDigits: string) => Promise<boolean>;
}

/**
 * One recipient: the tier's gate, claim, then send. The claim is the line never crossed twice: a send whose
 * outcome is unknown (the process died, the network dropped) leaves the recipient claimed until the provider's
 * status webhook settles it or its lease runs out (see reconcileClaims). Throughput refusals (130429) undo the claim and make the chunk come back later;
 * a pair refusal (131056) undoes it and brings back that recipient alone, after the pair's pause.
 */
async function sendOne(campaign: CampaignRecord, contactId: string, governor: Governor) {
  const recipient = await readRecipient(campaign.company, campaign._id, contactId);
  if (!recipient || recipient.status !== 'pending' || !recipient.phone) return;
  if (!(await governor.token())) return;
  if (!(await governor.tier(recipient.phone))) throw new TierReached();
  const ids = [campaign.company, campaign._id] as const;
  if (!(await claimRecipient(...ids, campaign.integration, contactId, recipient.phone, new Date()))) return;
  let providerMessageId: string;
  try {
    providerMessageId = await governor.deliver(recipient);
  } catch (error) {
    if (!(error instanceof ChannelSendError)) {
      logger.error('campaign send outcome unknown; the recipient stays claimed', {
        campaignId: campaign._id,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (error.code === 'rate_limited' && error.providerCode === PAIR_RATE_LIMIT) {
      await releaseRecipient(...ids, contactId);
      await enqueueDispatch(
        [{ kind: 'send', companyId: campaign.company, campaignId: campaign._id, contacts: [contactId] }],
        error.retryAfterSeconds ?? 6,
      );
      return;
    }
    if (error.code === 'rate_limited') {
      await releaseRecipient(...ids, contactId);
      await backOff(campaign.company, campaign.integration, governor.rate, error.retryAfterSeconds ?? 5);
      throw new PacedByProvider(`provider pacing (${error.providerCode ?? error.code})`);
    }
    const code = error.providerCode ?? error.code;
    const outcome = code === MARKETING_CAP ? 'deferred' : 'failed';
    await recordRefused(...ids, contactId, outcome, code, new Date());
    return;
  }
  await recordSent(...ids, campaign.integration, contactId, providerMessageId, new Date());
}

async function governorOf(
  campaign: CampaignRecord,
  needed: number,
  stopped: () => boolean,
): Promise<Governor> {
  if (campaign.channel !== 'official') {
    // The unofficial channel paces itself (random delays) and has no Cloud API tiers.
    return {
      deliver: sessionDeliver(campaign),
      rate: 1,
      token: async () => !stopped(),
      tier: async () => true,
    };
  }
  const sender = await readSender(campaign.company, campaign.integration);
  const rate = sender.messages_per_second;
  return {
    deliver: await officialDeliver(campaign),
    rate,
    token: tokenPool(campaign.company, campaign.integration, rate, needed, stopped).take,
    tier: tierGate(campaign.company, campaign.integration, sender.tier),
  };
}

/**
 * A chunk of recipients. A campaign no longer sending (paused, cancelled, finished) drops the chunk: resume
 * queues what is still pending. A throughput refusal fails the chunk so SQS brings it back after the backoff;
 * the number's daily tier reached pauses the campaign until the window frees (the rest stays pending); too many
 * failures pause it too.
 */
export async function sendChunk(companyId: string, campaignId: string, contacts: readonly string[]) {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || !isSending(campaign.status) || campaign.paused) return;
  const queue = [...contacts];
  let stop: unknown;
  const stopped = () => stop !== undefined;
  const governor = await governorOf(campaign, contacts.length, stopped);
  const lanes = campaign.channel === 'official' ? PARALLEL_SENDS : 1;
  const lane = async () => {
    for (let next = queue.shift(); next !== undefined && !stopped(); next = queue.shift()) {
      try {
        await sendOne(campaign, next, governor);
      } catch (error) {
        stop = error;
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (stop instanceof TierReached) await systemPause(companyId, campaignId, 'tier_limit');
  const after = await finishIfDone(companyId, campaignId);
  if (after && isSending(after.status) && !after.paused && failureRateTooHigh(after)) {
    await systemPause(companyId, campaignId, 'failure_rate');
  } else if (after && isSending(after.status)) {
    await publishCampaign(after);
  }
  if (stop && !(stop instanceof TierReached)) throw stop;
}
