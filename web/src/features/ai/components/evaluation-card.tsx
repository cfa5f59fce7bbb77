import type {
  EvaluationCase,
  EvaluationSummary,
  EvaluationView,
} from '@atende/shared/contracts/ai/evaluation-views';
import { EVALUATION_MAX_CASES } from '@atende/shared/contracts/ai/evaluation-views';
import { aiEvaluationPtBR } from '@atende/shared/i18n/ai-screens';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  InputNumber,
  Modal,
  Progress,
  Row,
  Select,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker.tsx';
import type { DraftRange } from '../../../components/date-range-picker/range-rules.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { companyNow, formatCompanyTime } from '../../../lib/dates/dates.ts';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useAssistants } from '../hooks/use-ai.ts';
import { useAiTags, useEvaluation, useEvaluations } from '../hooks/use-insights.ts';

const t = aiEvaluationPtBR;
const DAY = 'YYYY-MM-DD';
const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
const STATUS_COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

function StatusCell({ item }: { item: EvaluationSummary }) {
  return (
    <Flex vertical gap={4}>
      <Tag color={STATUS_COLORS[item.status]} data-testid="evaluation-status" data-status={item.status}>
        {t.statuses[item.status]}
      </Tag>
      {item.status === 'running' && (
        <>
          <Progress percent={item.progress} size="small" />
          <Typography.Text type="secondary">
            {interpolate(t.progress, { processed: item.processed, total: item.total })}
          </Typography.Text>
        </>
      )}
      {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
    </Flex>
  );
}

function Scores({ item }: { item: EvaluationSummary }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Statistic title={t.cases} value={item.scores.cases} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title={t.accuracy}
          value={percent(item.scores.accuracy)}
          data-testid="evaluation-accuracy"
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t.handoffPrecision} value={percent(item.scores.handoff_precision)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t.handoffRecall} value={percent(item.scores.handoff_recall)} />
      </Col>
    </Row>
  );
}

const verdictOf = (item: EvaluationCase) => {
  if (item.reply_kind === 'answer')
    return item.answerable ? <Tag color="success">{t.answeredRight}</Tag> : <Tag>{t.answeredRight}</Tag>;
  if (item.handoff_correct) return <Tag color="success">{t.correctHandoff}</Tag>;
  return <Tag color="warning">{t.wrongHandoff}</Tag>;
};

function DetailsModal({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const evaluation = useEvaluation(id);
  const data: EvaluationView | undefined = evaluation.data;
  return (
    <Modal
      open={Boolean(id)}
      onCancel={onClose}
      footer={null}
      width={1000}
      title={t.detailsTitle}
      destroyOnHidden
    >
      {evaluation.isError ? (
        <Alert type="error" showIcon title={ptBR.ai.screens.loadFailed} />
      ) : (
        <Flex vertical gap={16}>
          {data && <Scores item={data} />}
          <ResponsiveTable<EvaluationCase>
            rowKey="conversation"
            loading={evaluation.isLoading}
            dataSource={data?.cases ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            onRow={() => ({ 'data-testid': 'evaluation-case' }) as object}
            columns={[
              { title: t.question, dataIndex: 'question' },
              { title: t.reference, dataIndex: 'reference' },
              {
                title: t.reply,
                dataIndex: 'reply',
                render: (reply: string, item) => (
                  <Flex vertical gap={4}>
                    <Tag>{t.kinds[item.reply_kind]}</Tag>
                    <span>{reply}</span>
                  </Flex>
                ),
              },
              { title: t.score, dataIndex: 'score', render: percent },
              { title: t.verdict, key: 'verdict', render: (_: unknown, item) => verdictOf(item) },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}

/**
 * The replay evaluation on app/chatbot/ai/precision: pick an assistant, a period and optionally a customer tag,
 * run it in the background, and read each run's scores and cases in the history.
 */
export function EvaluationCard() {
  const { message } = App.useApp();
  const assistants = useAssistants();
  const tags = useAiTags();
  const history = useEvaluations();
  const [assistant, setAssistant] = useState<string>();
  const [tag, setTag] = useState<string>();
  const [limit, setLimit] = useState(20);
  const [range, setRange] = useState<DraftRange>({
    start: companyNow().subtract(29, 'day'),
    end: companyNow(),
  });
  const [details, setDetails] = useState<string>();
  const start = useAiMutation(aiApi.startEvaluation, [aiKeys.evaluations]);
  const chosen = assistant ?? assistants.data?.[0]?._id;

  const run = () => {
    if (!chosen) return;
    start.mutate(
      {
        assistant: chosen,
        from: (range.start ?? companyNow().subtract(29, 'day')).format(DAY),
        to: (range.end ?? companyNow()).format(DAY),
        limit,
        ...(tag ? { tag } : {}),
      },
      {
        onSuccess: () => void message.success(t.started),
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <>
      <Card title={t.title} data-testid="evaluation-card">
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t.intro}
          </Typography.Paragraph>
          {assistants.data?.length === 0 ? (
            <Alert type="info" showIcon title={t.noAssistants} />
          ) : (
            <Flex wrap gap={12} align="end">
              <Flex vertical gap={4}>
                <Typography.Text>{t.assistant}</Typography.Text>
                <Select
                  style={{ minWidth: 200 }}
                  value={chosen}
                  onChange={setAssistant}
                  loading={assistants.isLoading}
                  options={(assistants.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
                  aria-label={t.assistant}
                  data-testid="evaluation-assistant"
                />
              </Flex>
              <Flex vertical gap={4}>
                <Typography.Text>{t.period}</Typography.Text>
                <DateRangePicker value={range} onApply={setRange} testId="evaluation-range" />
              </Flex>
              <Flex vertical gap={4}>
                <Typography.Text>{t.tag}</Typography.Text>
                <Select
                  style={{ minWidth: 180 }}
                  allowClear
                  placeholder={t.anyTag}
                  value={tag}
                  onChange={setTag}
                  loading={tags.isLoading}
                  options={(tags.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
                  aria-label={t.tag}
                />
              </Flex>
              <Flex vertical gap={4}>
                <Typography.Text>{t.limit}</Typography.Text>
                <InputNumber
                  min={1}
                  max={EVALUATION_MAX_CASES}
                  value={limit}
                  onChange={(value) => setLimit(value ?? 20)}
                  aria-label={t.limit}
                />
              </Flex>
              <Button
                type="primary"
                onClick={run}
                loading={start.isPending}
                disabled={!chosen}
                data-testid="evaluation-run"
              >
                {t.run}
              </Button>
            </Flex>
          )}
        </Flex>
      </Card>
      <Card title={t.history}>
        {history.isError ? (
          <Alert
            type="error"
            showIcon
            title={ptBR.ai.screens.loadFailed}
            action={<Button onClick={() => void history.refetch()}>{ptBR.ai.screens.retry}</Button>}
          />
        ) : (
          <ResponsiveTable<EvaluationSummary>
            rowKey="_id"
            loading={history.isLoading}
            dataSource={history.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t.empty }}
            onRow={() => ({ 'data-testid': 'evaluation-row' }) as object}
            columns={[
              {
                title: t.createdAt,
                dataIndex: 'created_at',
                render: (value: string) => formatCompanyTime(value),
              },
              { title: t.assistant, dataIndex: 'assistant_name' },
              { title: t.status, key: 'status', render: (_: unknown, item) => <StatusCell item={item} /> },
              { title: t.cases, key: 'cases', render: (_: unknown, item) => item.scores.cases },
              {
                title: t.accuracy,
                key: 'accuracy',
                render: (_: unknown, item) => (
                  <span data-testid="evaluation-row-accuracy">{percent(item.scores.accuracy)}</span>
                ),
              },
              {
                title: t.handoffPrecision,
                key: 'handoff_precision',
                render: (_: unknown, item) => percent(item.scores.handoff_precision),
              },
              {
                title: t.handoffRecall,
                key: 'handoff_recall',
                render: (_: unknown, item) => percent(item.scores.handoff_recall),
              },
              {
                title: '',
                key: 'details',
                render: (_: unknown, item) => (
                  <Button
                    size="small"
                    onClick={() => setDetails(item._id)}
                    disabled={item.scores.cases === 0}
                  >
                    {t.details}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <DetailsModal id={details} onClose={() => setDetails(undefined)} />
    </>
  );
}
