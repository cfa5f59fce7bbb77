import {
  CAMPAIGN_REPORT_COUNTS,
  type CampaignReportRow,
} from '@atende/shared/contracts/analytics/campaign-report';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useAtomValue } from 'jotai';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { useCampaignReport } from '../hooks/use-analytics.ts';
import { campaignChannelLabel, campaignStatusLabel } from '../state/campaign-report.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { count } from '../state/format.ts';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics.campaignColumns;

const columns = [
  { title: t.name, dataIndex: 'name', key: 'name' },
  {
    title: t.channel,
    key: 'channel',
    render: (_: unknown, row: CampaignReportRow) => campaignChannelLabel(row),
  },
  {
    title: t.status,
    key: 'status',
    render: (_: unknown, row: CampaignReportRow) => campaignStatusLabel(row),
  },
  {
    title: t.startedAt,
    key: 'started',
    render: (_: unknown, row: CampaignReportRow) => formatCompanyTime(row.started_at),
  },
  // The funnel in the CSV's column order, with thousands separators (spec point 9).
  ...CAMPAIGN_REPORT_COUNTS.map((key) => ({
    title: t[key],
    key,
    render: (_: unknown, row: CampaignReportRow) => count(row[key]),
  })),
];

/** The campaigns started in the range, one row each with its funnel (the numbers of the CSV). */
export function CampaignsTable() {
  const query = useAtomValue(analyticsQueryAtom);
  const report = useCampaignReport(query);
  const rows = report.data?.rows ?? [];
  return (
    <QueryState
      loading={report.isLoading}
      error={report.isError}
      empty={rows.length === 0}
      onRetry={() => void report.refetch()}
    >
      <ResponsiveTable
        size="small"
        rowKey="_id"
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid="report-campaigns"
      />
    </QueryState>
  );
}
