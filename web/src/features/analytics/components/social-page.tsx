import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Flex, Row, Statistic } from 'antd';
import { useAtomValue } from 'jotai';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useAnalyticsLive, useBreakdown, useOverview } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { count, duration } from '../state/format.ts';
import { peakHoursOption } from './chart-options.ts';
import { Chart } from './chart.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { QueryState } from './query-state.tsx';

const t = ptBR.analytics;

/** The social channels the page sets side by side (spec point 2, app/analytics/social). */
export const SOCIAL_CHANNELS = ['instagram', 'messenger'] as const;

/** One social channel: volumes, response times and its peak hours, under the page's other filters. */
function SocialColumn({ channel }: { channel: (typeof SOCIAL_CHANNELS)[number] }) {
  const query = { ...useAtomValue(analyticsQueryAtom), channel };
  const overview = useOverview(query);
  const hours = useBreakdown('hour', query);
  const measures = overview.data;
  const figures = measures
    ? ([
        ['opened', t.opened, count(measures.conversations.opened)],
        ['received', t.received, count(measures.messages.received)],
        ['sent', t.sent, count(measures.messages.sent)],
        ['first-response', t.firstResponseAvg, duration(measures.first_response.avg_s)],
        ['resolution', t.resolutionAvg, duration(measures.resolution.avg_s)],
        ['csat', t.csat, count(measures.csat.average)],
      ] as const)
    : [];
  return (
    <Card size="small" title={t.channels[channel]} data-testid={`social-${channel}`}>
      <QueryState
        loading={overview.isLoading}
        error={overview.isError}
        empty={false}
        onRetry={() => void overview.refetch()}
      >
        <Row gutter={[12, 12]}>
          {figures.map(([id, label, value]) => (
            <Col key={id} xs={12} md={8}>
              <Statistic title={label} value={value} data-testid={`social-${channel}-${id}`} />
            </Col>
          ))}
        </Row>
      </QueryState>
      <div style={{ fontWeight: 600, marginTop: 16 }}>{t.social.peakHours}</div>
      <QueryState
        loading={hours.isLoading}
        error={hours.isError}
        empty={(hours.data?.rows ?? []).length === 0}
        onRetry={() => void hours.refetch()}
      >
        <Chart option={peakHoursOption(hours.data?.rows ?? [])} height={220} />
      </QueryState>
    </Card>
  );
}

/** app/analytics/social: Instagram and Messenger side by side, live over the WebSocket. */
export function SocialPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  useAnalyticsLive();
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <FiltersBar />
        <Row gutter={[12, 12]}>
          {SOCIAL_CHANNELS.map((channel) => (
            <Col key={channel} xs={24} lg={12}>
              <SocialColumn channel={channel} />
            </Col>
          ))}
        </Row>
      </Flex>
    </>
  );
}
