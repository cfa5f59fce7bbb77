import type { CampaignBody, CampaignView } from '@atende/shared/contracts/campaigns/views';
import { SENDING_STATUSES } from '@atende/shared/contracts/campaigns/campaign-fields';
import type { estimateBody } from '@atende/shared/contracts/campaigns/campaign-routes';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { campaignMessagesPtBR } from '@atende/shared/i18n/campaigns';
import { isTemplateUsable } from '@atende/shared/rules/statuses';
import { canCancelCampaign } from '@atende/shared/rules/windows';
import type * as z from 'zod';
import { getSessionIntegration } from '../channels/whatsapp-session/store.ts';
import { readSettings } from '../company/settings-reader.ts';
import { readCompanyItem } from '../company/store.ts';
import { getIntegration } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Invalid, NotFound } from '../lib/errors.ts';
import { findTemplate } from '../templates/store.ts';
import { resolveAudience, tally } from './audience.ts';
import { readAudienceList } from './audience-lists.ts';
import { checkCsvVariables } from './csv-audience-rows.ts';
import { queuePending } from './dispatch.ts';
import { beginDispatch } from './lifecycle.ts';
import { publishCampaign } from './publish.ts';
import { type CampaignRecord, toCampaignView } from './records.ts';
import { readSender } from './senders.ts';
import { scheduleStart, unscheduleStart } from './start-schedule.ts';
import { listCampaignPage, putCampaign, readCampaign, transition } from './store.ts';

const t = campaignMessagesPtBR;
const DEFAULT_SESSION_DELAY = { min: 5, max: 15 };

/** The sending channel: an official WhatsApp integration (templates) or an unofficial QR session (text). */
async function channelOf(companyId: string, integrationId: string) {
  const provider = await getIntegration(companyId, integrationId);
  if (provider && provider.type === 'official') return 'official' as const;
  if (provider) throw new Invalid('integration', t.integrationNotWhatsapp);
  if (await getSessionIntegration(companyId, integrationId)) return 'whatsapp' as const;
  throw new Invalid('integration', t.integrationNotFound);
}

export async function requireCampaign(auth: AuthContext, id: string): Promise<CampaignRecord> {
  const campaign = await readCampaign(auth.companyId, id);
  if (!campaign) throw new NotFound();
  return campaign;
}

export async function createCampaign(auth: AuthContext, body: CampaignBody, now = new Date()) {
  const channel = await channelOf(auth.companyId, body.integration);
  let template: { name: string; language: string; body: string; header?: string | undefined } | undefined;
  if (channel === 'official') {
    if (!body.template) throw new Invalid('template', t.templateRequired);
    const found = await findTemplate(auth.companyId, body.integration, body.template);
    if (!found || !isTemplateUsable(found)) throw new Invalid('template', t.templateNotApproved);
    const settings = readSettings(await readCompanyItem(auth.companyId));
    if (!settings.whatsapp.whatsapp_official_allow_active)
      throw new Invalid('integration', t.officialNotAllowed);
    template = found;
  } else if (!body.message) {
    throw new Invalid('message', t.messageRequired);
  }
  if (body.scheduled_at && new Date(body.scheduled_at).getTime() <= now.getTime()) {
    throw new Invalid('scheduled_at', t.scheduledInPast);
  }
  const list = body.audience.audience_list
    ? await readAudienceList(auth.companyId, body.audience.audience_list)
    : undefined;
  if (body.audience.audience_list && !list) {
    throw new Invalid('audience.audience_list', t.audienceListNotFound);
  }
  checkCsvVariables(body.variables ?? {}, list);
  const scheduledAt = body.scheduled_at ? new Date(body.scheduled_at).toISOString() : null;
  const record: CampaignRecord = {
    _id: newObjectId(),
    company: auth.companyId,
    name: body.name,
    status: scheduledAt ? CAMPAIGN_STATUS.scheduled : CAMPAIGN_STATUS.created,
    paused: false,
    pause_reason: null,
    integration: body.integration,
    channel,
    template: template?.name ?? null,
    template_language: template?.language ?? 'pt_BR',
    template_body: template?.body ?? '',
    template_header: template?.header ?? '',
    message: channel === 'whatsapp' ? (body.message ?? null) : null,
    variables: body.variables ?? {},
    audience: body.audience,
    scheduled_at: scheduledAt,
    started_at: null,
    finished_at: null,
    created_at: now.toISOString(),
    created_by: auth.employeeId,
    reply_to: body.reply_to ?? null,
    delay: channel === 'whatsapp' ? (body.delay ?? DEFAULT_SESSION_DELAY) : null,
    prepared: false,
    eligible: 0,
    total: 0,
    excluded: 0,
    attempted: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    deferred: 0,
    excluded_by: {},
    failures_by_code: {},
  };
  await putCampaign(record);
  if (scheduledAt) {
    try {
      await scheduleStart(auth.companyId, record._id, scheduledAt);
    } catch (error) {
      // A scheduled campaign that nothing would start is not left behind looking scheduled.
      await transition(
        auth.companyId,
        record._id,
        { statuses: [CAMPAIGN_STATUS.scheduled] },
        { status: CAMPAIGN_STATUS.cancelled },
      );
      throw error;
    }
  }
  return { _id: record._id, status: record.status };
}

export async function listCampaigns(
  auth: AuthContext,
  query: { cursor?: string | undefined; limit: number },
) {
  const page = await listCampaignPage(auth.companyId, query.cursor, query.limit);
  return { campaigns: page.campaigns.map(toCampaignView), next_cursor: page.nextCursor };
}

export const getCampaign = async (auth: AuthContext, id: string): Promise<CampaignView> =>
  toCampaignView(await requireCampaign(auth, id));

export async function startCampaign(auth: AuthContext, id: string): Promise<CampaignView> {
  const campaign = await requireCampaign(auth, id);
  if (campaign.status === CAMPAIGN_STATUS.scheduled) await unscheduleStart(auth.companyId, id);
  const running = await beginDispatch(auth.companyId, id, [
    CAMPAIGN_STATUS.created,
    CAMPAIGN_STATUS.scheduled,
  ]);
  if (!running) throw new Conflict(t.cannotStart);
  return toCampaignView(running);
}

export async function pauseCampaign(auth: AuthContext, id: string): Promise<CampaignView> {
  await requireCampaign(auth, id);
  const paused = await transition(
    auth.companyId,
    id,
    { statuses: SENDING_STATUSES, paused: false },
    { paused: true, pause_reason: null },
  );
  if (!paused) throw new Conflict(t.cannotPause);
  await publishCampaign(paused);
  return toCampaignView(paused);
}

/** Resumes a paused campaign (the employee's, or a tier pause's own job); undefined when it was not paused. */
export async function resume(companyId: string, id: string): Promise<CampaignRecord | undefined> {
  const resumed = await transition(
    companyId,
    id,
    { statuses: SENDING_STATUSES, paused: true },
    { paused: false, pause_reason: null },
  );
  if (!resumed) return undefined;
  // Chunks received while paused were dropped: whatever is still pending goes back on the queue.
  if (resumed.prepared) await queuePending(companyId, id, resumed.channel);
  await publishCampaign(resumed);
  return resumed;
}

export async function resumeCampaign(auth: AuthContext, id: string): Promise<CampaignView> {
  await requireCampaign(auth, id);
  const resumed = await resume(auth.companyId, id);
  if (!resumed) throw new Conflict(t.cannotResume);
  return toCampaignView(resumed);
}

/**
 * A created campaign cancels any time; a scheduled one until 2 minutes before its start (spec point 4); one
 * whose dispatch began never (pause it instead).
 */
export async function cancelCampaign(auth: AuthContext, id: string, now = new Date()): Promise<CampaignView> {
  const campaign = await requireCampaign(auth, id);
  const allowed =
    campaign.status === CAMPAIGN_STATUS.created ||
    canCancelCampaign({ status: campaign.status, start_at: campaign.scheduled_at ?? undefined }, now);
  if (!allowed) throw new Conflict(t.cancelTooLate);
  const cancelled = await transition(
    auth.companyId,
    id,
    { statuses: [campaign.status] },
    { status: CAMPAIGN_STATUS.cancelled },
  );
  if (!cancelled) throw new Conflict(t.cancelTooLate);
  if (campaign.status === CAMPAIGN_STATUS.scheduled) await unscheduleStart(auth.companyId, id);
  await publishCampaign(cancelled);
  return toCampaignView(cancelled);
}

export async function estimateCampaign(auth: AuthContext, body: z.infer<typeof estimateBody>) {
  const channel = await channelOf(auth.companyId, body.integration);
  const settings = readSettings(await readCompanyItem(auth.companyId));
  const counts = tally(await resolveAudience(auth.companyId, body.audience, settings));
  const perSecond =
    channel === 'official'
      ? (await readSender(auth.companyId, body.integration)).messages_per_second
      : 2 / (DEFAULT_SESSION_DELAY.min + DEFAULT_SESSION_DELAY.max);
  return {
    total: counts.total,
    eligible: counts.eligible,
    excluded: counts.excluded,
    excluded_by: counts.excludedBy,
    duration_seconds: Math.ceil(counts.eligible / perSecond),
  };
}
