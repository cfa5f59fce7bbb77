import type { CitationView } from '@atende/shared/contracts/ai/knowledge-fields';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Empty, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useKnowledgeBases } from '../hooks/use-ai.ts';
import { DocumentFormModal } from './document-form-modal.tsx';
import { DocumentsTable } from './documents-table.tsx';

const s = ptBR.ai.screens;

/** app/v2/automation/knowledge-base/* and app/chatbot/ai/knowledge: bases, their documents and a search test. */
export function KnowledgeBasesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message } = App.useApp();
  const bases = useKnowledgeBases();
  const [selected, setSelected] = useState<string>();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [results, setResults] = useState<CitationView[]>();
  const create = useAiMutation(aiApi.createBase, [aiKeys.bases]);
  const current = selected ?? bases.data?.[0]?._id;

  const createBase = async () => {
    try {
      const created = await create.mutateAsync(name.trim());
      setName('');
      setSelected(created._id);
    } catch (error) {
      void message.error(error instanceof ApiRequestError ? error.message : s.saveFailed);
    }
  };

  return (
    <div data-testid="knowledge-bases-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {bases.isError ? (
        <Alert
          type="error"
          showIcon
          title={s.loadFailed}
          action={<Button onClick={() => void bases.refetch()}>{s.retry}</Button>}
        />
      ) : (
        <Flex gap={16} align="start" wrap style={{ marginTop: 16 }}>
          <Card title={s.knowledgeBases} style={{ width: 300, maxWidth: '100%' }} loading={bases.isLoading}>
            <Flex gap={6} style={{ marginBottom: 12 }}>
              <Input
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder={s.newKnowledgeBase}
                maxLength={80}
                data-testid="kb-name"
              />
              <Button
                type="primary"
                disabled={!name.trim()}
                loading={create.isPending}
                onClick={() => void createBase()}
                data-testid="kb-create"
              >
                {s.save}
              </Button>
            </Flex>
            <List
              dataSource={bases.data ?? []}
              locale={{ emptyText: s.noKnowledgeBases }}
              renderItem={(kb) => (
                <List.Item
                  onClick={() => setSelected(kb._id)}
                  style={{ cursor: 'pointer', fontWeight: kb._id === current ? 600 : 400 }}
                  data-testid="kb-item"
                >
                  {kb.name} <Typography.Text type="secondary">({kb.documents})</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
          <Card
            style={{ flex: '1 1 320px', minWidth: 0 }}
            title={s.documents}
            extra={
              current && (
                <Button onClick={() => setAdding(true)} data-testid="kb-add-document">
                  {s.addDocument}
                </Button>
              )
            }
          >
            {current ? (
              <>
                <DocumentsTable kb={current} />
                <Input.Search
                  style={{ marginTop: 16 }}
                  placeholder={s.searchPlaceholder}
                  enterButton={s.search}
                  onSearch={(query) =>
                    void (query.trim()
                      ? aiApi.search(current, query).then(setResults, () => setResults([]))
                      : undefined)
                  }
                  data-testid="kb-search"
                />
                {results && (
                  <List
                    size="small"
                    dataSource={results}
                    locale={{ emptyText: s.noResults }}
                    renderItem={(hit) => (
                      <List.Item>
                        <List.Item.Meta title={hit.title} description={hit.excerpt.slice(0, 300)} />
                      </List.Item>
                    )}
                  />
                )}
                <DocumentFormModal kb={current} open={adding} onClose={() => setAdding(false)} />
              </>
            ) : (
              <Empty description={s.chooseKnowledgeBase} />
            )}
          </Card>
        </Flex>
      )}
    </div>
  );
}
