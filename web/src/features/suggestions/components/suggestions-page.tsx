import {
  createSuggestion,
  listSuggestions,
  suggestionBody,
  updateSuggestionStatus,
  voteSuggestion,
} from '@atende/shared/contracts/suggestions/routes';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { SuggestionStatus } from '@atende/shared/rules/suggestion-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, List, Skeleton, Space } from 'antd';
import type { z } from 'zod';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { callRoute } from '../../../lib/api/call-route.ts';
import { SUGGESTIONS_KEY, useLiveSuggestions } from '../hooks/use-live-suggestions.ts';
import { SuggestionItem } from './suggestion-item.tsx';

const labels = ptBR.suggestions;
const key = SUGGESTIONS_KEY;
const rule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? ptBR.forms.requiredField);
  },
});

/** app/sugestions (admin): send a suggestion, follow its status, vote on the others. */
export function SuggestionsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ title: string; description: string }>();
  useLiveSuggestions();
  const list = useQuery({
    queryKey: key,
    queryFn: () => callRoute(listSuggestions),
    select: (answer) => answer.items,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const send = useMutation({
    mutationFn: (body: { title: string; description: string }) => callRoute(createSuggestion, { body }),
    onSuccess: () => {
      form.resetFields();
      refresh();
      void message.success(labels.sent, LIMITS.toastDurationMs / 1000);
    },
    onError: (error) => void message.error(error.message),
  });
  const move = useMutation({
    mutationFn: ({ id, status }: { id: string; status: SuggestionStatus }) =>
      callRoute(updateSuggestionStatus, { params: { id }, body: { status } }),
    onSuccess: () => {
      refresh();
      void message.success(labels.moved, LIMITS.toastDurationMs / 1000);
    },
    onError: (error) => void message.error(error.message),
  });
  const vote = useMutation({
    mutationFn: (id: string) => callRoute(voteSuggestion, { params: { id } }),
    onSuccess: refresh,
    onError: (error) => void message.error(error.message),
  });
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Card size="small" title={labels.send}>
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => send.mutate(values)}
            style={{ maxWidth: 720 }}
          >
            <Form.Item name="title" label={labels.title} required rules={[rule(suggestionBody.shape.title)]}>
              <Input maxLength={120} data-testid="suggestion-title" />
            </Form.Item>
            <Form.Item
              name="description"
              label={labels.description}
              required
              rules={[rule(suggestionBody.shape.description)]}
            >
              <Input.TextArea rows={4} maxLength={4000} data-testid="suggestion-description" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="suggestion-send">
              {labels.send}
            </Button>
          </Form>
        </Card>
        {list.isPending && <Skeleton active />}
        {list.isError && <Alert type="error" title={labels.loadError} />}
        {list.data && list.data.length === 0 && <Empty description={labels.empty} />}
        {list.data && list.data.length > 0 && (
          <List
            dataSource={list.data}
            pagination={{ pageSize: 20 }}
            renderItem={(item) => (
              <SuggestionItem
                item={item}
                voting={vote.isPending && vote.variables === item._id}
                moving={move.isPending && move.variables?.id === item._id}
                onVote={() => vote.mutate(item._id)}
                onMove={(status) => move.mutate({ id: item._id, status })}
              />
            )}
          />
        )}
      </Space>
    </>
  );
}
