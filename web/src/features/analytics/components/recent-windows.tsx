import type { MonitoringView } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Row, Statistic } from 'antd';
import { count, duration } from '../state/format.ts';

const t = ptBR.analytics.monitoring;

/** The wallboard's last 30 and 60 minutes: wait p50/p90 of the conversations taken, and those abandoned. */
export function RecentWindows({ recent }: { recent: MonitoringView['recent'] }) {
  return (
    <Row gutter={[12, 12]} data-testid="monitoring-recent">
      {recent.map((window) => (
        <Col key={window.minutes} xs={24} md={12}>
          <Card size="small" title={t.lastMinutes.replace('{{minutes}}', String(window.minutes))}>
            <Row gutter={12}>
              <Col xs={8}>
                <Statistic title={t.waitP50} value={duration(window.wait_p50_s)} />
              </Col>
              <Col xs={8}>
                <Statistic title={t.waitP90} value={duration(window.wait_p90_s)} />
              </Col>
              <Col xs={8}>
                <Statistic
                  title={t.abandoned}
                  value={count(window.abandoned)}
                  data-testid={`monitoring-abandoned-${window.minutes}`}
                />
              </Col>
            </Row>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
