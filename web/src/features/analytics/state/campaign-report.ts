import type { CampaignReportRow } from '@atende/shared/contracts/analytics/campaign-report';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const t = ptBR.analytics;

const STATUS_NAMES = Object.fromEntries(
  Object.entries(CAMPAIGN_STATUS).map(([name, value]) => [value, name as keyof typeof CAMPAIGN_STATUS]),
) as Record<number, keyof typeof CAMPAIGN_STATUS>;

/** The spec's numeric campaign status (0–6) as its pt-BR name; a paused sending campaign says so. */
export const campaignStatusLabel = (row: Pick<CampaignReportRow, 'status' | 'paused'>): string =>
  row.paused ? ptBR.campaigns.paused : ptBR.campaignStatus[STATUS_NAMES[row.status] ?? 'created'];

/** The channel and the number it went out from ("WhatsApp oficial · Oficial Vendas"). */
export function campaignChannelLabel(row: Pick<CampaignReportRow, 'channel' | 'integration_label'>): string {
  const channel = t.channels[row.channel] ?? row.channel;
  return row.integration_label ? `${channel} · ${row.integration_label}` : channel;
}
