import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useAssistants } from '../hooks/use-ai.ts';
import { AiSettingsCard } from './ai-settings-card.tsx';
import { AssistantFormModal } from './assistant-form-modal.tsx';
import { AssistantPreview } from './assistant-preview.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const s = ptBR.ai.screens;

/** app/v2/automation/smart-assistant/*, app/chatbot/ai and /ai/keyWords: the model, the assistants, a test chat. */
export function AssistantsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const assistants = useAssistants();
  const remove = useAiMutation(aiApi.removeAssistant, [aiKeys.assistants]);
  const [editing, setEditing] = useState<AssistantView | 'new'>();
  const [previewing, setPreviewing] = useState<string>();
  return (
    <div data-testid="assistants-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <AiSettingsCard />
        <Card
          title={s.assistants}
          extra={
            <Button type="primary" onClick={() => setEditing('new')} data-testid="assistant-add">
              {s.newAssistant}
            </Button>
          }
        >
          {assistants.isError ? (
            <Alert
              type="error"
              showIcon
              title={s.loadFailed}
              action={<Button onClick={() => void assistants.refetch()}>{s.retry}</Button>}
            />
          ) : (
            <ResponsiveTable<AssistantView>
              rowKey="_id"
              loading={assistants.isLoading}
              dataSource={assistants.data ?? []}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: s.noAssistants }}
              onRow={(assistant) =>
                ({ 'data-testid': 'assistant-row', onClick: () => setPreviewing(assistant._id) }) as object
              }
              columns={[
                { title: s.name, dataIndex: 'name' },
                {
                  title: s.knowledgeBases,
                  key: 'kbs',
                  render: (_, assistant) => assistant.knowledge_bases.length,
                },
                { title: s.channels, key: 'channels', render: (_, assistant) => assistant.channels.length },
                {
                  title: s.keywords,
                  key: 'keywords',
                  render: (_, assistant) => assistant.keywords.join(', '),
                },
                {
                  title: s.actions,
                  key: 'actions',
                  render: (_, assistant) => (
                    <Flex gap={4}>
                      <Tooltip title={s.editAssistant}>
                        <Button
                          type="text"
                          icon={<EditOutlined />}
                          aria-label={s.editAssistant}
                          onClick={() => setEditing(assistant)}
                        />
                      </Tooltip>
                      <Tooltip title={s.delete}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={s.delete}
                          onClick={() => remove.mutate(assistant._id)}
                        />
                      </Tooltip>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Card>
        {previewing && (
          <Card title={s.preview}>
            <AssistantPreview assistant={previewing} />
          </Card>
        )}
      </Flex>
      <AssistantFormModal
        assistant={editing === 'new' ? undefined : editing}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </div>
  );
}
