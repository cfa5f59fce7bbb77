import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { isSending } from '@atende/shared/contracts/campaigns/campaign-fields';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import { readSettings } from '../company/settings-reader.ts';
import { type CompanyItem, readCompanyItem } from '../company/store.ts';
import { conditionFailed } from '../lib/dynamo/transaction.ts';
import { logger } from '../lib/logger.ts';
import { CLAIM_LEASE_MS, finishIfDone } from './finish.ts';
import { putJob } from './jobs.ts';
import { recordLeaseExpired } from './outcomes.ts';
import { resolveAudience, tally } from './audience.ts';
import { csvVariablesOf, withCsvVariables } from './csv-audience-rows.ts';
import { publishCampaign } from './publish.ts';
import { enqueueDispatch, sendChunkOf, sendMessages } from './queue.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';
import { markPrepared, recipientBatches, readCampaign, writeRecipients } from './store.ts';
import { contactLookup, HEADER_PREFIX, templateParams } from './variables.ts';

/** The failure code of a claim settled by its lease (see reconcileClaims). */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** What one recipient gets: the template's parameters, or the unofficial channel's filled text. */
function recipientContent(
  campaign: CampaignRecord,
  company: CompanyItem,
  settings: CompanySettingsDocument,
  contact: Parameters<typeof contactLookup>[2],
  rowVariables: Record<string, string> | undefined,
): Pick<RecipientRecord, 'params' | 'header_params' | 'text'> {
  const lookup = withCsvVariables(contactLookup(company, settings, contact), rowVariables);
  if (campaign.channel === 'whatsapp') {
    return { params: [], header_params: [], text: fillVariables(campaign.message ?? '', lookup) };
  }
  return {
    params: templateParams(campaign.template_body, campaign.variables, lookup),
    header_params: templateParams(campaign.template_header, campaign.variables, lookup, HEADER_PREFIX),
    text: null,
  };
}

/**
 * Resolves the audience once, writes every recipient (excluded ones with their reason), records the tallies
 * and queues the sends. A redelivery after the tallies were recorded only queues the still-pending recipients
 * again (their claims make a repeated send impossible), never rewrites a recipient.
 */
export async function prepareCampaign(companyId: string, campaignId: string): Promise<void> {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || !isSending(campaign.status)) return;
  if (!campaign.prepared) {
    const company = await readCompanyItem(companyId);
    const settings = readSettings(company);
    const now = new Date();
    const [resolved, rowVariables] = await Promise.all([
      resolveAudience(companyId, campaign.audience, settings, now),
      csvVariablesOf(companyId, campaign.audience.audience_list),
    ]);
    await writeRecipients(
      companyId,
      campaignId,
      resolved.map(({ contact, phone, reason }) => ({
        contact: contact._id,
        name: contact.full_name,
        phone,
        status: reason ? 'excluded' : 'pending',
        reason,
        error_code: null,
        provider_message_id: null,
        ...(reason
          ? { params: [], header_params: [], text: null }
          : recipientContent(campaign, company, settings, contact, rowVariables.get(contact._id))),
        updated_at: now.toISOString(),
      })),
    );
    const counts = tally(resolved);
    const prepared = await markPrepared(companyId, campaignId, counts);
    if (!prepared) return;
    await publishCampaign(prepared);
    if (counts.eligible === 0) {
      await finishIfDone(companyId, campaignId);
      return;
    }
  }
  await queuePending(companyId, campaignId, campaign.channel);
}

/** Queues a send for every pending recipient (start, resume, a redelivered prepare), in its channel's chunks. */
export async function queuePending(
  companyId: string,
  campaignId: string,
  channel: CampaignRecord['channel'],
): Promise<number> {
  const chunk = sendChunkOf(channel);
  let queued = 0;
  const contacts: string[] = [];
  const flush = async (count: number) => {
    await enqueueDispatch(sendMessages(companyId, campaignId, contacts.splice(0, count), chunk));
    queued += count;
  };
  // Full chunks as the pages come, whatever a page's size; the rest at the end.
  for await (const batch of recipientBatches(companyId, campaignId, 'pending')) {
    contacts.push(...batch.map((recipient) => recipient.contact));
    if (contacts.length >= chunk) await flush(contacts.length - (contacts.length % chunk));
  }
  if (contacts.length > 0) await flush(contacts.length);
  logger.info('campaign sends queued', { campaignId, queued });
  return queued;
}

/**
 * Settles the claims whose lease ran out (the worker died between its claim and recording the provider's
 * answer). The rule: such a recipient is never sent again, since the provider may have accepted it (the Cloud
 * API has no idempotency key to ask by). A provider status webhook naming its number settles it first, as sent
 * (inbound.ts, adoptUnrecordedSend); one that none answered within the lease counts as failed with the code
 * `outcome_unknown`, so the report says so. Claims still within their lease are looked at again later.
 */
export async function reconcileClaims(companyId: string, campaignId: string, now = new Date()) {
  const leaseStart = new Date(now.getTime() - CLAIM_LEASE_MS);
  let settled = 0;
  let waiting = false;
  for await (const batch of recipientBatches(companyId, campaignId, 'claimed')) {
    for (const recipient of batch) {
      if (Date.parse(recipient.updated_at) >= leaseStart.getTime()) {
        waiting = true;
        continue;
      }
      try {
        await recordLeaseExpired(companyId, campaignId, recipient.contact, OUTCOME_UNKNOWN, now, leaseStart);
        settled += 1;
      } catch (error) {
        if (!conditionFailed(error, 'recipient')) throw error;
      }
    }
  }
  if (waiting) await putJob(companyId, campaignId, 'RECONCILE', new Date(now.getTime() + CLAIM_LEASE_MS));
  const campaign = await finishIfDone(companyId, campaignId);
  logger.info('campaign claims reconciled', { campaignId, settled, waiting });
  return { settled, status: campaign?.status };
}
