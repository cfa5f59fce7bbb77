import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Card, Empty, Flex, Progress, Select, Skeleton, Statistic } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { campaignsApi } from '../api/campaigns-api.ts';
import { useCampaign, useCampaigns } from '../hooks/use-campaigns.ts';
import { REPORTS_PATH } from './campaign-page.tsx';
import { RecipientsTable } from './recipients-table.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.campaigns;

/** Targeted → excluded → sent → delivered → read → replied, each as a share of the audience. */
function Funnel({ campaign }: { campaign: CampaignView }) {
  const steps = ['total', 'excluded', 'sent', 'delivered', 'read', 'replied'] as const;
  return (
    <Flex vertical gap={8} data-testid="campaign-funnel">
      {steps.map((key) => (
        <Flex key={key} gap={12} align="center">
          <span style={{ width: 120 }}>{t.counts[key]}</span>
          <Statistic value={campaign[key]} data-testid={`report-${key}`} />
          <Progress
            style={{ flex: 1 }}
            showInfo={false}
            percent={campaign.total ? (campaign[key] / campaign.total) * 100 : 0}
          />
        </Flex>
      ))}
    </Flex>
  );
}

async function download(campaignId: string) {
  const file = await campaignsApi.exportCsv(campaignId);
  const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  link.click();
  URL.revokeObjectURL(url);
}

/** app/broadcast/campaign-reports/:campaignId?: pick a campaign; its funnel, failures by code and recipients. */
export function CampaignReportPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { campaignId } = useParams();
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  const campaign = useCampaign(campaignId);
  const options = (campaigns.data?.pages.flatMap((page) => page.campaigns) ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));
  const failures = Object.entries(campaign.data?.failures_by_code ?? {}).map(([code, count]) => ({
    code,
    count,
  }));
  return (
    <div data-testid="campaign-report-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Select
        showSearch
        optionFilterProp="label"
        style={{ width: 320, maxWidth: '100%', marginBlock: 16 }}
        placeholder={t.report.pick}
        aria-label={t.report.pick}
        value={campaignId}
        loading={campaigns.isLoading}
        options={options}
        onChange={(id: string) => navigate(`${REPORTS_PATH}/${id}`)}
      />
      {!campaignId && <Empty description={t.report.pick} />}
      {campaignId && campaign.isLoading && <Skeleton active />}
      {campaignId && campaign.isError && (
        <Alert type="error" showIcon message={ptBR.contactsScreens.common.loadFailed} />
      )}
      {campaign.data && (
        <Flex vertical gap={16}>
          <Flex gap={16} wrap>
            <Card title={t.report.funnel} style={{ flex: 2, minWidth: 360 }}>
              <Funnel campaign={campaign.data} />
            </Card>
            <Card title={t.report.failuresByCode} style={{ flex: 1, minWidth: 240 }}>
              <ResponsiveTable
                size="small"
                rowKey="code"
                pagination={false}
                dataSource={failures}
                locale={{ emptyText: t.report.noFailures }}
                columns={[
                  { title: 'Código', dataIndex: 'code' },
                  { title: t.counts.failed, dataIndex: 'count' },
                ]}
              />
            </Card>
          </Flex>
          <Card
            title={t.report.recipients}
            extra={
              <Button onClick={() => void download(campaign.data._id)} data-testid="campaign-export">
                {t.actions.exportCsv}
              </Button>
            }
          >
            <RecipientsTable campaignId={campaign.data._id} />
          </Card>
        </Flex>
      )}
    </div>
  );
}
