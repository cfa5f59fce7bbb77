import { getHomeSummary } from '@atende/shared/contracts/analytics/routes';
import { getChannelHealth } from '@atende/shared/contracts/integrations/get-channel-health';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { formatDuration } from '@atende/shared/rules/duration-format';
import { formatNumber } from '@atende/shared/rules/number-format';
import type { ServerEvent } from '@atende/shared/realtime/server-events';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic, Tag } from 'antd';
import { callRoute } from '../../../lib/api/call-route.ts';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';

const t = ptBR.analytics;
const HOME_KEY = ['home', 'summary'] as const;
const HEALTH_KEY = ['home', 'channel-health'] as const;
const LIVE: readonly ServerEvent[] = ['analytics-update'];
const keys = () => [HOME_KEY];
const HEALTH_COLOR = { 1: 'green', 2: 'gold', 3: 'red' } as const;

/** app/home: my open conversations, what waits in my queues, today's figures of my scope, channel health. */
export function HomeSummary() {
  useLiveInvalidation(LIVE, keys);
  const summary = useQuery({ queryKey: HOME_KEY, queryFn: () => callRoute(getHomeSummary), retry: false });
  const health = useQuery({ queryKey: HEALTH_KEY, queryFn: () => callRoute(getChannelHealth), retry: false });
  if (summary.isLoading) return <Skeleton active style={{ marginTop: 16 }} />;
  if (summary.isError || !summary.data)
    return <Alert type="error" message={t.loadFailed} style={{ marginTop: 16 }} />;
  const { my_open, waiting_in_my_queues, today } = summary.data;
  const cards = [
    ['my-open', t.home.myOpen, formatNumber(my_open)],
    ['waiting', t.home.waitingInMyQueues, formatNumber(waiting_in_my_queues)],
    ['today-opened', `${t.home.todayKpis}: ${t.opened}`, formatNumber(today.conversations.opened)],
    ['today-closed', `${t.home.todayKpis}: ${t.closed}`, formatNumber(today.conversations.closed)],
    ['today-wait', `${t.home.todayKpis}: ${t.waitAvg}`, formatDuration(today.wait.avg_s)],
    [
      'today-first-response',
      `${t.home.todayKpis}: ${t.firstResponseAvg}`,
      formatDuration(today.first_response.avg_s),
    ],
  ] as const;
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 16 }} data-testid="home-kpis">
      {cards.map(([id, label, value]) => (
        <Col key={id} xs={12} md={8} lg={4}>
          <Card size="small">
            <Statistic title={label} value={value} data-testid={`home-${id}`} />
          </Card>
        </Col>
      ))}
      {health.data && (
        <Col xs={24}>
          <Card size="small" title={t.home.channelHealth}>
            <Tag color={HEALTH_COLOR[health.data.health]} data-testid="home-channel-health">
              {t.home.health[health.data.health]}
            </Tag>
          </Card>
        </Col>
      )}
    </Row>
  );
}
