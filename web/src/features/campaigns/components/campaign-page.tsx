import { isSending } from '@atende/shared/contracts/campaigns/campaign-fields';
import { CAMPAIGN_STATUS, LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { canCancelCampaign } from '@atende/shared/rules/windows';
import { Alert, App, Button, Card, Flex, Skeleton, Statistic } from 'antd';
import { Link, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useCampaign, useCampaignActions } from '../hooks/use-campaigns.ts';
import { CampaignProgress, CampaignStatusTag } from './campaign-status.tsx';
import { RecipientsTable } from './recipients-table.tsx';
import { SenderLimits } from './sender-limits.tsx';

const t = ptBR.campaigns;
export const REPORTS_PATH = '/app/broadcast/campaign-reports';

/** app/campaign/:broadcast_id: live status and progress; start, pause, resume and cancel within the rules. */
export function CampaignPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { broadcast_id: id = '' } = useParams();
  const campaign = useCampaign(id);
  const actions = useCampaignActions(id);
  const { message } = App.useApp();
  const run = (mutation: { mutateAsync: () => Promise<unknown> }) => async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed,
        LIMITS.toastDurationMs / 1000,
      );
    }
  };
  if (campaign.isLoading) return <Skeleton active />;
  if (campaign.isError || !campaign.data) {
    return <Alert type="error" showIcon message={ptBR.contactsScreens.common.loadFailed} />;
  }
  const view = campaign.data;
  const running = isSending(view.status);
  const cancellable =
    view.status === CAMPAIGN_STATUS.created ||
    canCancelCampaign({ status: view.status, start_at: view.scheduled_at ?? undefined }, new Date());
  return (
    <div data-testid="campaign-page">
      <PageHeader title={`${title}: ${view.name}`} breadcrumb={breadcrumb} />
      {view.paused && view.pause_reason && (
        <Alert
          type="warning"
          showIcon
          message={t.pauseReasons[view.pause_reason]}
          data-testid="campaign-pause-reason"
          style={{ marginTop: 16 }}
        />
      )}
      <Card style={{ marginBlock: 16 }}>
        <Flex gap={16} align="center" wrap>
          <CampaignStatusTag campaign={view} />
          <div style={{ minWidth: 260 }}>
            <CampaignProgress campaign={view} />
          </div>
          {(view.status === CAMPAIGN_STATUS.created || view.status === CAMPAIGN_STATUS.scheduled) && (
            <Button type="primary" loading={actions.start.isPending} onClick={run(actions.start)}>
              {t.actions.start}
            </Button>
          )}
          {running && !view.paused && (
            <Button
              loading={actions.pause.isPending}
              onClick={run(actions.pause)}
              data-testid="campaign-pause"
            >
              {t.actions.pause}
            </Button>
          )}
          {running && view.paused && (
            <Button
              loading={actions.resume.isPending}
              onClick={run(actions.resume)}
              data-testid="campaign-resume"
            >
              {t.actions.resume}
            </Button>
          )}
          {cancellable && (
            <Button
              danger
              loading={actions.cancel.isPending}
              onClick={run(actions.cancel)}
              data-testid="campaign-cancel"
            >
              {t.actions.cancel}
            </Button>
          )}
          <Link to={`${REPORTS_PATH}/${view._id}`} data-testid="campaign-report-link">
            {t.actions.report}
          </Link>
        </Flex>
        <Flex gap={24} wrap style={{ marginTop: 16 }}>
          {(['total', 'excluded', 'sent', 'delivered', 'read', 'replied', 'failed', 'deferred'] as const).map(
            (key) => (
              <Statistic
                key={key}
                title={t.counts[key]}
                value={view[key]}
                data-testid={`campaign-count-${key}`}
              />
            ),
          )}
        </Flex>
      </Card>
      {view.channel === 'official' && <SenderLimits integration={view.integration} />}
      <RecipientsTable campaignId={view._id} />
    </div>
  );
}
