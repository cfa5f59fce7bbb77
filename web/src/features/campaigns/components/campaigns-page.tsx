import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Empty, Flex } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useCampaigns } from '../hooks/use-campaigns.ts';
import { CampaignProgress, CampaignStatusTag } from './campaign-status.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.campaigns;
export const CAMPAIGN_PATH = '/app/campaign';

/** app/campaign: the campaign panel, newest first, with status and progress (live). */
export function CampaignsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  const rows = campaigns.data?.pages.flatMap((page) => page.campaigns) ?? [];
  return (
    <div data-testid="campaigns-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex justify="end" style={{ marginBlock: 16 }}>
        <Button type="primary" onClick={() => navigate(`${CAMPAIGN_PATH}/create`)} data-testid="campaign-new">
          {t.newCampaign}
        </Button>
      </Flex>
      {campaigns.isError ? (
        <Alert type="error" showIcon message={t.loadFailed} />
      ) : (
        <ResponsiveTable<CampaignView>
          rowKey="_id"
          loading={campaigns.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={t.empty} /> }}
          onRow={(campaign) => ({ 'data-testid': 'campaign-row', 'data-name': campaign.name }) as object}
          columns={[
            {
              title: t.fields.name,
              dataIndex: 'name',
              render: (name: string, campaign) => <Link to={`${CAMPAIGN_PATH}/${campaign._id}`}>{name}</Link>,
            },
            { title: '', key: 'status', render: (_, campaign) => <CampaignStatusTag campaign={campaign} /> },
            {
              title: t.progress,
              key: 'progress',
              width: 240,
              render: (_, campaign) => <CampaignProgress campaign={campaign} />,
            },
            { title: t.counts.delivered, dataIndex: 'delivered' },
            { title: t.counts.read, dataIndex: 'read' },
            { title: t.counts.failed, dataIndex: 'failed' },
          ]}
        />
      )}
      {campaigns.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button loading={campaigns.isFetchingNextPage} onClick={() => void campaigns.fetchNextPage()}>
            {ptBR.contactsScreens.common.loadMore}
          </Button>
        </Flex>
      )}
    </div>
  );
}
