import { isSending } from '@atende/shared/contracts/campaigns/campaign-fields';
import { ChannelSendError } from '../channels/adapter.ts';
import { logger } from '../lib/logger.ts';
import { releaseRecipients } from './claims.ts';
import { type Deliver, officialDeliver, sessionDeliver } from './deliver.ts';
import { finishIfDone } from './finish.ts';
import { backOff, tokenPool } from './governor.ts';
import { failureRateTooHigh, systemPause } from './pauses.ts';
import { traced, traceSend } from './pause-trace.ts';
import { publishCampaign } from './publish.ts';
import { enqueueDispatch } from './queue.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';
import { type Claimer, claimer, type Recorder, recorder } from './send-batches.ts';
import { readSender } from './senders.ts';
import { readCampaign } from './store.ts';
import { tierGate } from './tier.ts';

/** Meta's "this user reached their marketing cap": defer the contact, never resend. */
const MARKETING_CAP = '131049';
/** Meta's pair rate limit (one business number → one user, about one message every 6 s): that user waits. */
const PAIR_RATE_LIMIT = '131056';
/**
 * Official sends in flight at once per worker; the bucket, not this, sets the rate. Each lane sends one message
 * at a time: at 80/s, 16 lanes keep the rate while a provider answer takes up to a fifth of a second.
 */
const PARALLEL_SENDS = 16;
/**
 * Official recipients claimed per transaction, and outcomes recorded per transaction: at the number's rate a
 * group is sent in a fraction of a second, so a crash leaves few claims unanswered.
 */
const OFFICIAL_GROUP = 25;

/** How often a chunk publishes the campaign's progress while it sends. */
const PROGRESS_EVERY_MS = 1_000;

export class PacedByProvider extends Error {}
/** The chunk stopped on purpose: the campaign paused itself (tier reached, too many failures). */
class Halted extends Error {}
class TierReached extends Halted {}

interface Governor {
  deliver: Deliver;
  token: () => Promise<boolean>;
  tier: (phoneDigits: string) => Promise<boolean>;
}

/**
 * One claimed recipient's send. The claim is the line never crossed twice: a send whose outcome is unknown
 * (the process died, the network dropped) leaves the recipient claimed until the provider's status webhook
 * settles it or its lease runs out (see reconcileClaims). Throughput refusals (130429) give the claim back to
 * be undone and make the chunk come back later; a pair refusal (131056) undoes it and brings back that
 * recipient alone, after the pair's pause.
 */
async function sendOne(
  campaign: CampaignRecord,
  recipient: RecipientRecord,
  governor: Governor,
  claims: Claimer,
  outcomes: Recorder,
) {
  let providerMessageId: string;
  try {
    traceSend();
    providerMessageId = await traced('lane:deliver', () => governor.deliver(recipient));
  } catch (error) {
    if (!(error instanceof ChannelSendError)) {
      logger.error('campaign send outcome unknown; the recipient stays claimed', {
        campaignId: campaign._id,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (error.code === 'rate_limited' && error.providerCode === PAIR_RATE_LIMIT) {
      await releaseRecipients(campaign.company, campaign._id, [recipient.contact]);
      await enqueueDispatch(
        [
          {
            kind: 'send',
            companyId: campaign.company,
            campaignId: campaign._id,
            contacts: [recipient.contact],
          },
        ],
        error.retryAfterSeconds ?? 6,
      );
      return;
    }
    if (error.code === 'rate_limited') {
      claims.giveBack(recipient);
      await backOff(campaign.company, campaign.integration, error.retryAfterSeconds ?? 5);
      throw new PacedByProvider(`provider pacing (${error.providerCode ?? error.code})`);
    }
    const code = error.providerCode ?? error.code;
    outcomes.add({
      contact: recipient.contact,
      outcome: code === MARKETING_CAP ? 'deferred' : 'failed',
      code,
    });
    return;
  }
  outcomes.add({ contact: recipient.contact, outcome: 'sent', providerMessageId });
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
      token: async () => !stopped(),
      tier: async () => true,
    };
  }
  const sender = await readSender(campaign.company, campaign.integration);
  const rate = sender.messages_per_second;
  return {
    deliver: await officialDeliver(campaign),
    token: tokenPool(campaign.company, campaign.integration, rate, needed, stopped).take,
    tier: tierGate(campaign.company, campaign.integration, sender.tier),
  };
}

/**
 * A chunk of recipients, read, claimed and recorded a group at a time (see send-batches.ts). A campaign
 * no longer sending (paused, cancelled, finished) drops the chunk: resume queues what is still pending. A
 * throughput refusal fails the chunk so SQS brings it back after the backoff; the number's daily tier reached
 * pauses the campaign until the window frees (the rest stays pending); too many failures pause it too. Claims
 * never sent (the chunk stopped first) go back to pending before it ends.
 */
export const sendChunk = (companyId: string, campaignId: string, contacts: readonly string[]) =>
  traced('chunk', () => sendChunkTraced(companyId, campaignId, contacts));

async function sendChunkTraced(companyId: string, campaignId: string, contacts: readonly string[]) {
  const campaign = await traced('chunk:start', () => readCampaign(companyId, campaignId));
  if (!campaign || !isSending(campaign.status) || campaign.paused) return;
  let stop: unknown;
  const stopped = () => stop !== undefined;
  const official = campaign.channel === 'official';
  const governor = await traced('chunk:start', () => governorOf(campaign, contacts.length, stopped));
  const claims = claimer(campaign, contacts, {
    // The unofficial channel waits seconds between sends: one claim at a time, none ahead.
    group: official ? OFFICIAL_GROUP : 1,
    ahead: official,
    tier: governor.tier,
    stopped,
  });
  let published = Date.now();
  const outcomes = recorder(campaign, official ? OFFICIAL_GROUP : 1, async () => {
    const now = await readCampaign(companyId, campaignId);
    if (!now || !isSending(now.status) || now.paused) {
      // Paused or cancelled meanwhile: the claims not sent yet go back.
      stop ??= new Halted('campaign stopped');
      return;
    }
    // Too many failures stop the chunk here, not after its last recipient.
    if (failureRateTooHigh(now)) {
      await systemPause(companyId, campaignId, 'failure_rate');
      stop ??= new Halted('failure rate');
      return;
    }
    // The campaign view's progress, at most once a second while a long chunk sends.
    if (Date.now() - published < PROGRESS_EVERY_MS) return;
    published = Date.now();
    await publishCampaign(now);
  });
  const lane = async () => {
    for (;;) {
      const recipient = await traced('lane:next', () => claims.next());
      if (!recipient) return;
      if (stopped() || !(await traced('lane:token', governor.token))) {
        claims.giveBack(recipient);
        return;
      }
      await sendOne(campaign, recipient, governor, claims, outcomes);
    }
  };
  const guarded = () =>
    lane().catch((error: unknown) => {
      stop ??= error;
    });
  await Promise.all(Array.from({ length: official ? PARALLEL_SENDS : 1 }, guarded));
  const unsent = claims.unsent().map((recipient) => recipient.contact);
  // Both run to their end whatever the other does: what neither wrote stays claimed, as after a crash.
  const written = await Promise.allSettled([
    traced('chunk:close records', () => outcomes.close()),
    unsent.length > 0 ? releaseRecipients(companyId, campaignId, unsent) : undefined,
  ]);
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  if (claims.tierReached && stop === undefined) stop = new TierReached();
  if (stop instanceof TierReached) await systemPause(companyId, campaignId, 'tier_limit');
  const after = await traced('chunk:end', () => finishIfDone(companyId, campaignId));
  if (after && isSending(after.status) && !after.paused && failureRateTooHigh(after)) {
    await systemPause(companyId, campaignId, 'failure_rate');
  } else if (after && isSending(after.status)) {
    await publishCampaign(after);
  }
  if (stop && !(stop instanceof Halted)) throw stop;
}
