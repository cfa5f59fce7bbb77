import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { isSending } from '@atende/shared/contracts/campaigns/campaign-fields';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Progress, Tag } from 'antd';

const NAMES = Object.fromEntries(
  Object.entries(CAMPAIGN_STATUS).map(([key, value]) => [value, key as keyof typeof CAMPAIGN_STATUS]),
) as Record<number, keyof typeof CAMPAIGN_STATUS>;

const COLORS: Record<keyof typeof CAMPAIGN_STATUS, string> = {
  created: 'default',
  scheduled: 'blue',
  running: 'processing',
  sent: 'green',
  cancelled: 'red',
  dispatchStarted: 'processing',
  dispatchFinished: 'green',
};

/** The spec's numeric status (0–6) as its pt-BR name; a paused sending campaign says so. */
export function CampaignStatusTag({ campaign }: { campaign: Pick<CampaignView, 'status' | 'paused'> }) {
  const name = NAMES[campaign.status] ?? 'created';
  if (campaign.paused && isSending(campaign.status)) {
    return (
      <Tag color="orange" data-testid="campaign-status" data-status={campaign.status}>
        {ptBR.campaigns.paused}
      </Tag>
    );
  }
  return (
    <Tag color={COLORS[name]} data-testid="campaign-status" data-status={campaign.status}>
      {ptBR.campaignStatus[name]}
    </Tag>
  );
}

/** Share of the eligible recipients whose send began. */
export function CampaignProgress({ campaign }: { campaign: CampaignView }) {
  const eligible = campaign.total - campaign.excluded;
  const percent = eligible > 0 ? Math.round((campaign.attempted / eligible) * 100) : 0;
  // 6: every recipient attempted (some outcomes still settling); 3: all known.
  const done =
    campaign.status === CAMPAIGN_STATUS.dispatchFinished || campaign.status === CAMPAIGN_STATUS.sent;
  return (
    <Progress
      percent={done ? 100 : percent}
      size="small"
      status={campaign.status === CAMPAIGN_STATUS.cancelled ? 'exception' : done ? 'success' : 'active'}
      format={() => `${campaign.attempted}/${eligible}`}
      data-testid="campaign-progress"
    />
  );
}
