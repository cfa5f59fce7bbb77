import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Flex, Row } from 'antd';
import { useAtomValue } from 'jotai';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useAnalyticsLive, useOverview } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { ChartCard } from './chart-card.tsx';
import { CsatCard } from './csat-card.tsx';
import { heatmapOption, shareOption, timesOption, volumeOption } from './chart-options.ts';
import { FiltersBar } from './filters-bar.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics;

/** app/analytics/dashboard: KPI cards and charts of the ledger, live over the WebSocket. */
export function DashboardPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useAnalyticsLive();
  const query = useAtomValue(analyticsQueryAtom);
  const overview = useOverview(query);
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <FiltersBar />
        <Card size="small">
          <QueryState
            loading={overview.isLoading}
            error={overview.isError}
            empty={false}
            onRetry={() => void overview.refetch()}
          >
            {overview.data && <KpiCards measures={overview.data} />}
          </QueryState>
        </Card>
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={12}>
            <ChartCard title={t.volumeByDay} by="day" option={volumeOption} testId="chart-volume" />
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title={t.timesOverTime} by="day" option={timesOption} testId="chart-times" />
          </Col>
          <Col xs={24}>
            <ChartCard title={t.heatmap} by="weekday_hour" option={heatmapOption} testId="chart-heatmap" />
          </Col>
          <Col xs={24} lg={8}>
            <ChartCard title={t.byChannel} by="channel" option={shareOption} testId="chart-channel" />
          </Col>
          <Col xs={24} lg={8}>
            <ChartCard
              title={t.byDepartment}
              by="department"
              option={shareOption}
              testId="chart-department"
            />
          </Col>
          <Col xs={24} lg={8}>
            <ChartCard title={t.byEmployee} by="employee" option={shareOption} testId="chart-employee" />
          </Col>
          <Col xs={24} lg={12}>
            <CsatCard />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
