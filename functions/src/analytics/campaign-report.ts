import type { CampaignReportRow } from '@atende/shared/contracts/analytics/campaign-report';
import type { AnalyticsFilters } from '@atende/shared/contracts/analytics/views';
import { isSending } from '@atende/shared/contracts/campaigns/campaign-fields';
import { listCampaignPage } from '../campaigns/store.ts';
import type { CampaignRecord } from '../campaigns/records.ts';
import { listIntegrations } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NONE } from './rollup.ts';
import { inScope, type Scope, scopeOf } from './scope.ts';

/** Campaigns are read in pages of this many (newest created first). */
const PAGE = 100;

/**
 * Every campaign of the company, through the campaigns module's own list. A campaign starts at or after its
 * creation, and a scheduled one may start long after: the list cannot stop at the range's start.
 */
async function allCampaigns(companyId: string): Promise<CampaignRecord[]> {
  const campaigns: CampaignRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listCampaignPage(companyId, cursor, PAGE);
    campaigns.push(...page.campaigns);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return campaigns;
}

/**
 * Whether the caller's scope covers a campaign: its channel, and the department its replies go to (a manager
 * sees their departments' campaigns only). A campaign is no employee's, so an operator (their own
 * conversations only) or an employee filter sees none.
 */
const campaignInScope = (scope: Scope, campaign: CampaignRecord) =>
  inScope(scope, campaign.channel, campaign.reply_to?.department ?? NONE, NONE);

/**
 * The campaigns report: one row per campaign started in [from, to), newest start first, with the counts the
 * campaign's own report shows (its record's funnel counters).
 */
export async function campaignReport(
  auth: AuthContext,
  filters: AnalyticsFilters,
): Promise<{ rows: CampaignReportRow[] }> {
  const scope = await scopeOf(auth, filters);
  const [campaigns, integrations] = await Promise.all([
    allCampaigns(scope.companyId),
    listIntegrations(scope.companyId),
  ]);
  const labels = new Map(integrations.map((integration) => [integration._id, integration.label]));
  const from = Date.parse(filters.from);
  const to = Date.parse(filters.to);
  const rows = campaigns.flatMap((campaign): CampaignReportRow[] => {
    const startedAt = campaign.started_at;
    if (!startedAt || Date.parse(startedAt) < from || Date.parse(startedAt) >= to) return [];
    if (!campaignInScope(scope, campaign)) return [];
    return [
      {
        _id: campaign._id,
        name: campaign.name,
        channel: campaign.channel,
        integration: campaign.integration,
        integration_label: labels.get(campaign.integration) ?? '',
        status: campaign.status,
        paused: campaign.paused && isSending(campaign.status),
        started_at: startedAt,
        targeted: campaign.total,
        excluded: campaign.excluded,
        sent: campaign.sent,
        delivered: campaign.delivered,
        read: campaign.read,
        replied: campaign.replied,
        failed: campaign.failed,
      },
    ];
  });
  rows.sort((a, b) => b.started_at.localeCompare(a.started_at) || a._id.localeCompare(b._id));
  return { rows };
}
