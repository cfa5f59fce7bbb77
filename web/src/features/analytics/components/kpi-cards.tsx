import type { AnalyticsMeasures } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Row, Statistic } from 'antd';
import { count, duration } from '../state/format.ts';

const t = ptBR.analytics;

/** The overview's measures as cards; durations show the average with p50/p90 beneath. */
export function KpiCards({ measures }: { measures: AnalyticsMeasures }) {
  const counts = [
    ['opened', t.opened, measures.conversations.opened],
    ['closed', t.closed, measures.conversations.closed],
    ['open-now', t.openNow, measures.conversations.open_now],
    ['received', t.received, measures.messages.received],
    ['sent', t.sent, measures.messages.sent],
  ] as const;
  const durations = [
    ['wait', t.waitAvg, measures.wait],
    ['first-response', t.firstResponseAvg, measures.first_response],
    ['resolution', t.resolutionAvg, measures.resolution],
  ] as const;
  return (
    <Row gutter={[12, 12]} data-testid="analytics-kpis">
      {counts.map(([id, label, value]) => (
        <Col key={id} xs={12} md={8} lg={4}>
          <Card size="small">
            <Statistic title={label} value={count(value)} data-testid={`kpi-${id}`} />
          </Card>
        </Col>
      ))}
      {durations.map(([id, label, summary]) => (
        <Col key={id} xs={12} md={8} lg={6}>
          <Card size="small">
            <Statistic title={label} value={duration(summary.avg_s)} data-testid={`kpi-${id}`} />
            <small>
              {t.p50} {duration(summary.p50_s)} · {t.p90} {duration(summary.p90_s)}
            </small>
          </Card>
        </Col>
      ))}
      <Col xs={12} md={8} lg={6}>
        <Card size="small">
          <Statistic title={t.csat} value={count(measures.csat.average)} data-testid="kpi-csat" />
          <small>
            {t.csatResponses} {count(measures.csat.responses)}
          </small>
        </Card>
      </Col>
    </Row>
  );
}
