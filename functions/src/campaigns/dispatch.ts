import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import { readSettings } from '../company/settings-reader.ts';
import { type CompanyItem, readCompanyItem } from '../company/store.ts';
import { logger } from '../lib/logger.ts';
import { resolveAudience, tally } from './audience.ts';
import { publishCampaign } from './publish.ts';
import { enqueueDispatch, sendMessages } from './queue.ts';
import type { CampaignRecord, RecipientRecord } from './records.ts';
import { markPrepared, recipientBatches, readCampaign, transition, writeRecipients } from './store.ts';
import { contactLookup, templateParams } from './variables.ts';

/** What one recipient gets: the template's parameters, or the unofficial channel's filled text. */
function recipientContent(
  campaign: CampaignRecord,
  company: CompanyItem,
  settings: CompanySettingsDocument,
  contact: Parameters<typeof contactLookup>[2],
): Pick<RecipientRecord, 'params' | 'text'> {
  const lookup = contactLookup(company, settings, contact);
  if (campaign.channel === 'whatsapp') {
    return { params: [], text: fillVariables(campaign.message ?? '', lookup) };
  }
  return { params: templateParams(campaign.template_body, campaign.variables, lookup), text: null };
}

/**
 * Resolves the audience once, writes every recipient (excluded ones with their reason), records the tallies
 * and queues the sends. A redelivery after the tallies were recorded only queues the still-pending recipients
 * again (their claims make a repeated send impossible), never rewrites a recipient.
 */
export async function prepareCampaign(companyId: string, campaignId: string): Promise<void> {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || campaign.status !== CAMPAIGN_STATUS.running) return;
  if (!campaign.prepared) {
    const company = await readCompanyItem(companyId);
    const settings = readSettings(company);
    const now = new Date();
    const resolved = await resolveAudience(companyId, campaign.audience, settings, now);
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
        ...(reason ? { params: [], text: null } : recipientContent(campaign, company, settings, contact)),
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
  await queuePending(companyId, campaignId);
}

/** Queues a send for every pending recipient (start, resume, a redelivered prepare). */
export async function queuePending(companyId: string, campaignId: string): Promise<number> {
  let queued = 0;
  for await (const batch of recipientBatches(companyId, campaignId, 'pending')) {
    const contacts = batch.map((recipient) => recipient.contact);
    await enqueueDispatch(sendMessages(companyId, campaignId, contacts));
    queued += contacts.length;
  }
  logger.info('campaign sends queued', { campaignId, queued });
  return queued;
}

/** Every eligible recipient was attempted: the dispatch is finished (status 6). */
export async function finishIfDone(
  companyId: string,
  campaignId: string,
): Promise<CampaignRecord | undefined> {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || !campaign.prepared || campaign.attempted < campaign.eligible) return campaign;
  const finished = await transition(
    companyId,
    campaignId,
    { statuses: [CAMPAIGN_STATUS.running] },
    { status: CAMPAIGN_STATUS.dispatchFinished, finished_at: new Date().toISOString() },
  );
  if (finished) await publishCampaign(finished);
  return finished ?? campaign;
}
