import type { DocumentView } from '@atende/shared/contracts/ai/knowledge-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Tag, Tooltip } from 'antd';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useDocuments } from '../hooks/use-ai.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const s = ptBR.ai.screens;
const STATUS_COLOR = {
  pending: 'default',
  processing: 'processing',
  ready: 'success',
  failed: 'error',
} as const;
const SOURCE = { text: s.sourceText, url: s.sourceUrl, file: s.sourceFile, faq: s.sourceFaq } as const;

/** A base's documents with their processing state; the list refreshes itself while any is processing. */
export function DocumentsTable({ kb }: { kb: string }) {
  const documents = useDocuments(kb);
  const keys = [aiKeys.documents(kb), aiKeys.bases];
  const resync = useAiMutation((id: string) => aiApi.resync(kb, id), keys);
  const remove = useAiMutation((id: string) => aiApi.removeDocument(kb, id), keys);
  if (documents.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={s.loadFailed}
        action={<Button onClick={() => void documents.refetch()}>{s.retry}</Button>}
      />
    );
  return (
    <ResponsiveTable<DocumentView>
      rowKey="_id"
      loading={documents.isLoading}
      dataSource={documents.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: s.noDocuments }}
      onRow={(doc) => ({ 'data-testid': 'kb-document-row', 'data-status': doc.status }) as object}
      columns={[
        { title: s.title, dataIndex: 'title', render: (title: string, doc) => title || doc.url },
        {
          title: s.sourceText,
          dataIndex: 'source',
          render: (source: DocumentView['source']) => SOURCE[source],
        },
        {
          title: s.status,
          key: 'status',
          render: (_, doc) =>
            doc.status === 'processing' ? (
              <Progress percent={doc.progress} size="small" />
            ) : (
              <Tooltip title={doc.error}>
                <Tag color={STATUS_COLOR[doc.status]}>{ptBR.ai.status[doc.status]}</Tag>
              </Tooltip>
            ),
        },
        { title: s.chunks, dataIndex: 'chunks' },
        {
          title: s.actions,
          key: 'actions',
          render: (_, doc) => (
            <Flex gap={4}>
              <Tooltip title={s.resync}>
                <Button
                  type="text"
                  icon={<SyncOutlined />}
                  aria-label={s.resync}
                  onClick={() => resync.mutate(doc._id)}
                />
              </Tooltip>
              <Tooltip title={s.delete}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={interpolate(s.deleteConfirm, { name: doc.title })}
                  onClick={() => remove.mutate(doc._id)}
                />
              </Tooltip>
            </Flex>
          ),
        },
      ]}
    />
  );
}
