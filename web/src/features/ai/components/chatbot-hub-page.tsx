import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import { companyNow } from '../../../lib/dates/dates.ts';
import { Link } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useAssistants, useKnowledgeBases } from '../hooks/use-ai.ts';
import { useDemands, usePrecision } from '../hooks/use-insights.ts';

const t = ptBR.ai.insights.hub;

/** app/chatbot: the way into the chatbot's parts, each with where it stands now. */
export function ChatbotHubPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const assistants = useAssistants();
  const bases = useKnowledgeBases();
  const demands = useDemands(1);
  const precision = usePrecision(
    companyNow().subtract(29, 'day').format('YYYY-MM-DD'),
    companyNow().format('YYYY-MM-DD'),
  );
  const rows = precision.data?.assistants ?? [];
  const answered = rows.reduce((sum, row) => sum + row.answered, 0);
  const unanswered = rows.reduce((sum, row) => sum + row.unanswered, 0);
  const failed = assistants.isError || bases.isError || demands.isError || precision.isError;
  const cards = [
    {
      key: 'assistants',
      title: t.assistants,
      hint: t.assistantsHint,
      to: '/app/chatbot/ai',
      status: assistants.data && interpolate(t.count, { count: assistants.data.length }),
    },
    {
      key: 'knowledge',
      title: t.knowledge,
      hint: t.knowledgeHint,
      to: '/app/chatbot/ai/knowledge',
      status: bases.data && interpolate(t.count, { count: bases.data.length }),
    },
    {
      key: 'demands',
      title: t.demands,
      hint: t.demandsHint,
      to: '/app/chatbot/ai/demands',
      status: demands.data && interpolate(t.openDemands, { count: demands.data.total }),
    },
    {
      key: 'precision',
      title: t.precision,
      hint: t.precisionHint,
      to: '/app/chatbot/ai/precision',
      status:
        precision.data &&
        (answered + unanswered > 0
          ? interpolate(t.precisionValue, { value: Math.round((100 * answered) / (answered + unanswered)) })
          : t.noData),
    },
    {
      key: 'keywords',
      title: t.keywords,
      hint: t.keywordsHint,
      to: '/app/chatbot/ai/keyWords',
      status: undefined,
    },
    { key: 'flows', title: t.flows, hint: t.flowsHint, to: '/app/chatbot/flow', status: undefined },
  ];

  return (
    <div data-testid="chatbot-hub-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t.intro}
      </Typography.Paragraph>
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={ptBR.ai.screens.loadFailed}
          action={
            <Button
              onClick={() =>
                void Promise.all([
                  assistants.refetch(),
                  bases.refetch(),
                  demands.refetch(),
                  precision.refetch(),
                ])
              }
            >
              {ptBR.ai.screens.retry}
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} md={12} xl={8}>
            <Card
              title={card.title}
              style={{ height: '100%' }}
              data-testid={`chatbot-hub-${card.key}`}
              extra={
                <Link to={card.to} aria-label={`${t.open}: ${card.title}`}>
                  {t.open}
                </Link>
              }
            >
              <Typography.Paragraph type="secondary">{card.hint}</Typography.Paragraph>
              {card.status && <Typography.Text strong>{card.status}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
