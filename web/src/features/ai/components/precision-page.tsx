import type { PrecisionRow } from '@atende/shared/contracts/ai/insight-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { companyNow } from '../../../lib/dates/dates.ts';
import { useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker.tsx';
import type { DraftRange } from '../../../components/date-range-picker/range-rules.ts';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { usePrecision } from '../hooks/use-insights.ts';
import { EvaluationCard } from './evaluation-card.tsx';

const t = ptBR.ai.insights.precision;
const DAY = 'YYYY-MM-DD';
const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
const lastDays = (days: number): DraftRange => ({
  start: companyNow().subtract(days - 1, 'day'),
  end: companyNow(),
});

/** app/chatbot/ai/precision: per assistant, answered versus handed off without an answer, over a period. */
export function PrecisionPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const [range, setRange] = useState<DraftRange>(lastDays(30));
  const from = (range.start ?? companyNow().subtract(29, 'day')).format(DAY);
  const to = (range.end ?? companyNow()).format(DAY);
  const report = usePrecision(from, to);
  const rows = report.data?.assistants ?? [];
  const total = (field: 'turns' | 'answered' | 'unanswered' | 'requested') =>
    rows.reduce((sum, row) => sum + row[field], 0);
  const answered = total('answered');
  const unanswered = total('unanswered');

  return (
    <div data-testid="precision-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <EvaluationCard />
        <Card>
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t.intro}
            </Typography.Paragraph>
            <DateRangePicker
              value={range}
              onApply={setRange}
              onClear={() => setRange(lastDays(30))}
              testId="precision-range"
            />
          </Flex>
        </Card>
        {report.isError ? (
          <Alert
            type="error"
            showIcon
            title={ptBR.ai.screens.loadFailed}
            action={<Button onClick={() => void report.refetch()}>{ptBR.ai.screens.retry}</Button>}
          />
        ) : (
          <>
            <Card title={t.totals} loading={report.isLoading}>
              <Row gutter={[16, 16]}>
                <Col xs={12} md={6}>
                  <Statistic title={t.turns} value={total('turns')} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t.answered} value={answered} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t.unanswered} value={unanswered} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic
                    title={t.precision}
                    value={percent(answered + unanswered > 0 ? answered / (answered + unanswered) : null)}
                    data-testid="precision-total"
                  />
                </Col>
              </Row>
            </Card>
            <Card>
              <ResponsiveTable<PrecisionRow>
                rowKey="assistant"
                loading={report.isLoading}
                dataSource={rows}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{ emptyText: t.empty }}
                onRow={() => ({ 'data-testid': 'precision-row' }) as object}
                columns={[
                  { title: t.assistant, dataIndex: 'name' },
                  { title: t.turns, dataIndex: 'turns' },
                  { title: t.answered, dataIndex: 'answered' },
                  { title: t.unanswered, dataIndex: 'unanswered' },
                  { title: t.requested, dataIndex: 'requested' },
                  { title: t.refused, dataIndex: 'refused' },
                  { title: t.failed, dataIndex: 'failed' },
                  { title: t.precision, dataIndex: 'precision', render: percent },
                  { title: t.handoffRate, dataIndex: 'handoff_rate', render: percent },
                ]}
              />
            </Card>
            {(report.data?.days.length ?? 0) > 0 && (
              <Card title={t.daily}>
                <ResponsiveTable
                  rowKey="day"
                  dataSource={report.data?.days ?? []}
                  pagination={{ pageSize: 31, hideOnSinglePage: true }}
                  columns={[
                    {
                      title: t.day,
                      dataIndex: 'day',
                      render: (day: string) => dayjs(day).format('DD/MM/YYYY'),
                    },
                    { title: t.turns, dataIndex: 'turns' },
                    { title: t.answered, dataIndex: 'answered' },
                    { title: t.unanswered, dataIndex: 'unanswered' },
                  ]}
                />
              </Card>
            )}
          </>
        )}
      </Flex>
    </div>
  );
}
