import { formatBRL } from '@atende/shared/rules/hub-format';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import {
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Popover,
  Select,
  Spin,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { customerDealsApi, customerDealsKeys } from '../api/deals-api.ts';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const t = ptBR.pipelines.screens;
const LIVE = ['deal-update', 'activity-update'] as const;
const liveKeys = (frame: ServerFrame) => [
  frame.event === 'deal-update' ? ['funnel', 'deals'] : ['funnel', 'activities'],
];

function NewDeal({ conversation, onDone }: { conversation: ConversationView; onDone: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const pipelines = useQuery({ queryKey: customerDealsKeys.pipelines, queryFn: customerDealsApi.pipelines });
  const [form] = Form.useForm<{ title: string; pipeline: string; value?: number }>();
  const create = useMutation({
    mutationFn: (values: { title: string; pipeline: string; value?: number }) => {
      const pipeline = pipelines.data?.find((item) => item._id === values.pipeline);
      return customerDealsApi.create({
        title: values.title,
        pipeline: values.pipeline,
        stage: pipeline?.stages[0]?._id ?? '',
        customer: conversation.customer._id,
        conversation: conversation._id,
        value: values.value ?? 0,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['funnel'] });
      void message.success(t.dealCreated);
      onDone();
    },
    onError: (failure) => void message.error(failure.message),
  });
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ width: 260 }}
      initialValues={{ pipeline: pipelines.data?.[0]?._id }}
      onFinish={(values) => create.mutate(values)}
    >
      <Form.Item
        name="title"
        label={t.dealTitle}
        rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }]}
      >
        <Input maxLength={120} data-testid="side-deal-title" />
      </Form.Item>
      <Form.Item
        name="pipeline"
        label={t.selectPipeline}
        rules={[{ required: true, message: ptBR.forms.requiredField }]}
      >
        <Select
          loading={pipelines.isLoading}
          options={(pipelines.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
          data-testid="side-deal-pipeline"
        />
      </Form.Item>
      <Form.Item name="value" label={t.dealValue}>
        <InputNumber
          min={0}
          precision={2}
          decimalSeparator=","
          style={{ width: '100%' }}
          data-testid="side-deal-value"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="side-deal-save">
        {t.save}
      </Button>
    </Form>
  );
}

/**
 * The contact's deals (value and stage) with "criar negócio" from this conversation and the next activity.
 * Hidden for companies without the sales funnel (the pipelines list answers 403 there).
 */
export function CustomerDeals({ conversation }: { conversation: ConversationView }) {
  useLiveInvalidation(LIVE, liveKeys);
  const customer = conversation.customer._id;
  const [creating, setCreating] = useState(false);
  const pipelines = useQuery({
    queryKey: customerDealsKeys.pipelines,
    queryFn: customerDealsApi.pipelines,
    retry: false,
  });
  const deals = useQuery({
    queryKey: customerDealsKeys.deals(customer),
    queryFn: () => customerDealsApi.deals(customer),
    enabled: pipelines.isSuccess,
  });
  const next = useQuery({
    queryKey: customerDealsKeys.next(customer),
    queryFn: () => customerDealsApi.nextActivity(customer),
    enabled: pipelines.isSuccess,
  });
  if (!pipelines.isSuccess) return null;
  const stageName = (pipeline: string, stage: string) =>
    pipelines.data.find((item) => item._id === pipeline)?.stages.find((item) => item._id === stage)?.name ??
    '';
  return (
    <Flex vertical gap={4} data-testid="customer-deals">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.customerDeals}
        </Typography.Title>
        <Popover
          open={creating}
          onOpenChange={setCreating}
          trigger="click"
          content={<NewDeal conversation={conversation} onDone={() => setCreating(false)} />}
        >
          <Button size="small" data-testid="side-new-deal">
            {t.newDeal}
          </Button>
        </Popover>
      </Flex>
      {deals.isLoading ? (
        <Spin size="small" />
      ) : deals.isError ? (
        <Typography.Text type="danger">{t.loadError}</Typography.Text>
      ) : (deals.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noCustomerDeals} />
      ) : (
        <List
          size="small"
          dataSource={deals.data ?? []}
          renderItem={(deal) => (
            <List.Item data-testid="side-deal">
              <Link to={`/app/pipelines/main/${deal.pipeline}`}>{deal.title}</Link>
              <Typography.Text type="secondary">
                {formatBRL(deal.value)} ·{' '}
                {deal.status === 'open' ? stageName(deal.pipeline, deal.stage) : t[deal.status]}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      <Typography.Text type="secondary" data-testid="side-next-activity">
        {t.nextActivity}:{' '}
        {next.data ? `${formatCompanyTime(next.data.due_at)} · ${next.data.title}` : t.noNextActivity}
      </Typography.Text>
    </Flex>
  );
}
