import {
  type ContactOriginView,
  ORIGIN_DETAIL_DIMENSIONS,
  type OriginDetailDimension,
} from '@atende/shared/contracts/analytics/contact-origin';
import { analyticsScreensPtBR } from '@atende/shared/i18n/analytics-screens';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker.tsx';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { useAnalyticsLive, useContactOrigin } from '../hooks/use-analytics.ts';
import { analyticsFiltersAtom, analyticsQueryAtom, patchAnalyticsFiltersAtom } from '../state/filters.ts';
import { count } from '../state/format.ts';
import { Chart } from './chart.tsx';
import { contactOriginOption, shareOf } from './contact-origin-options.ts';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics;
const s = analyticsScreensPtBR;

type OriginRow = ContactOriginView['rows'][number];

const columns = (total: number) => [
  { title: t.contactOrigin.origin, dataIndex: 'label', key: 'label' },
  {
    title: t.contactOrigin.contacts,
    key: 'contacts',
    render: (_: unknown, row: OriginRow) => count(row.contacts),
  },
  { title: '%', key: 'share', render: (_: unknown, row: OriginRow) => shareOf(row.contacts, total) },
];

type DetailRow = ContactOriginView['details'][OriginDetailDimension][number];

const detailColumns = (dimension: OriginDetailDimension, total: number) => [
  {
    title: s.contactOrigin.dimensions[dimension],
    key: 'key',
    render: (_: unknown, row: DetailRow) => row.key || s.contactOrigin.noParameter,
  },
  {
    title: t.contactOrigin.contacts,
    key: 'contacts',
    render: (_: unknown, row: DetailRow) => count(row.contacts),
  },
  { title: '%', key: 'share', render: (_: unknown, row: DetailRow) => shareOf(row.contacts, total) },
];

/**
 * The site widget's contacts by landing page and UTM parameters: one table per dimension, each summing to the
 * widget contacts that carried a page (shares of that sum).
 */
function WidgetDetails({ details }: { details: ContactOriginView['details'] }) {
  const total = details.page.reduce((sum, row) => sum + row.contacts, 0);
  if (total === 0) return null;
  return (
    <Card size="small" title={s.contactOrigin.details} data-testid="contact-origin-details">
      <Typography.Paragraph type="secondary">{s.contactOrigin.detailsHint}</Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {ORIGIN_DETAIL_DIMENSIONS.map((dimension) => (
          <Col key={dimension} xs={24} lg={dimension === 'page' ? 24 : 8}>
            <ResponsiveTable
              size="small"
              rowKey="key"
              dataSource={details[dimension]}
              columns={detailColumns(dimension, total)}
              pagination={details[dimension].length > 10 ? { pageSize: 10 } : false}
              data-testid={`contact-origin-${dimension}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The page's one filter: contacts have no channel, department or attendant of a conversation to filter by. */
function RangeBar() {
  const filters = useAtomValue(analyticsFiltersAtom);
  const patch = useSetAtom(patchAnalyticsFiltersAtom);
  return (
    <Flex gap={8} wrap align="center" data-testid="analytics-filters">
      <DateRangePicker
        value={{ start: filters.start, end: filters.end }}
        onApply={(range) => range.start && range.end && patch({ start: range.start, end: range.end })}
        testId="analytics-range"
      />
    </Flex>
  );
}

/** app/analytics/contact-origin: where the period's new contacts came from, per origin and per day, live. */
export function ContactOriginPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useAnalyticsLive();
  const { from, to } = useAtomValue(analyticsQueryAtom);
  const origins = useContactOrigin({ from, to });
  const view = origins.data;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <RangeBar />
        <QueryState
          loading={origins.isLoading}
          error={origins.isError}
          empty={!view || view.total === 0}
          onRetry={() => void origins.refetch()}
        >
          {view && (
            <>
              <Card size="small">
                <Statistic
                  title={t.contactOrigin.total}
                  value={count(view.total)}
                  data-testid="contact-origin-total"
                />
              </Card>
              <Card size="small" title={t.contactOrigin.byDay}>
                <Chart option={contactOriginOption(view)} testId="contact-origin-chart" />
              </Card>
              <Card size="small" title={t.contactOrigin.origin}>
                <ResponsiveTable
                  size="small"
                  rowKey="key"
                  dataSource={view.rows}
                  columns={columns(view.total)}
                  pagination={false}
                  data-testid="contact-origin-table"
                />
              </Card>
              <WidgetDetails details={view.details} />
            </>
          )}
        </QueryState>
      </Flex>
    </>
  );
}
