import { DeleteOutlined } from '@ant-design/icons';
import { API_KEY_RATE_LIMIT } from '@atende/shared/contracts/api-keys/rate-limit';
import type { ApiKeyView } from '@atende/shared/contracts/api-keys/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { scopesOf, useApiKeyMutations, useApiKeys, useOpenApi } from '../hooks/use-api-keys.ts';
import { ApiReference } from './api-reference.tsx';
import { KeyFormModal, type KeyFormValues } from './key-form-modal.tsx';
import { KeyOnceModal } from './key-once-modal.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.developers.api;
const toastSeconds = LIMITS.toastDurationMs / 1000;
const when = (value: string | null) => (value ? formatCompanyTime(value) : labels.never);

/** app/integrations/api: API keys (created, shown once, revoked) and the public API reference. */
export function ApiPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const { message, modal } = App.useApp();
  const keys = useApiKeys();
  const openapi = useOpenApi();
  const mutations = useApiKeyMutations();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string>();
  const scopes = useMemo(() => (openapi.data ? scopesOf(openapi.data) : []), [openapi.data]);

  const failed = (error: unknown) =>
    void message.error(
      error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
      toastSeconds,
    );

  const create = async (values: KeyFormValues) => {
    try {
      const answer = await mutations.create.mutateAsync({
        name: values.name.trim(),
        scopes: values.scopes,
        expires_at: values.expires_at ? values.expires_at.toISOString() : null,
      });
      setCreating(false);
      setShown(answer.key);
    } catch (error) {
      failed(error);
    }
  };

  const revoke = (key: ApiKeyView) =>
    modal.confirm({
      title: labels.revokeConfirm,
      okText: labels.revoke,
      cancelText: ptBR.developers.webhooks.cancel,
      okButtonProps: { danger: true, 'data-testid': 'api-key-revoke-confirm' },
      onOk: async () => {
        try {
          await mutations.revoke.mutateAsync(key._id);
          void message.success(labels.revoked, toastSeconds);
        } catch (error) {
          failed(error);
        }
      },
    });

  return (
    <div data-testid="api-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Typography.Paragraph style={{ marginTop: 16 }}>{labels.intro}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="api-rate-limit">
        {interpolate(labels.rateLimit, {
          burst: String(API_KEY_RATE_LIMIT.burst),
          perSecond: String(API_KEY_RATE_LIMIT.perSecond),
        })}
      </Typography.Paragraph>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4}>{labels.keys}</Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="api-key-add">
          {labels.createKey}
        </Button>
      </Flex>
      {keys.isError ? (
        <Alert
          type="error"
          showIcon
          title={labels.loadError}
          action={<Button onClick={() => void keys.refetch()}>{ptBR.developers.webhooks.retry}</Button>}
        />
      ) : (
        // The empty state's cell is wider than a phone; the box scrolls, never the page.
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <ResponsiveTable<ApiKeyView>
            rowKey="_id"
            loading={keys.isLoading}
            dataSource={keys.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: labels.empty }}
            onRow={(key) => ({ 'data-testid': 'api-key-row', 'data-key-id': key._id }) as object}
            columns={[
              { title: labels.name, dataIndex: 'name' },
              { title: '', dataIndex: 'prefix', render: (prefix: string) => <code>{prefix}</code> },
              {
                title: labels.scopes,
                key: 'scopes',
                render: (_, key) => key.scopes.map((scope) => <Tag key={scope}>{scope}</Tag>),
              },
              { title: labels.expiresAt, dataIndex: 'expires_at', render: when },
              { title: labels.lastUsedAt, dataIndex: 'last_used_at', render: when },
              {
                key: 'actions',
                render: (_, key) => (
                  <Tooltip title={labels.revoke}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={labels.revoke}
                      onClick={() => revoke(key)}
                      data-testid="api-key-revoke"
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
        </div>
      )}
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {labels.reference}
      </Typography.Title>
      <ApiReference
        document={openapi.data}
        loading={openapi.isLoading}
        failed={openapi.isError}
        onRetry={() => void openapi.refetch()}
      />
      <KeyFormModal
        open={creating}
        scopes={scopes}
        saving={mutations.create.isPending}
        onSubmit={(values) => void create(values)}
        onCancel={() => setCreating(false)}
      />
      <KeyOnceModal apiKey={shown} onClose={() => setShown(undefined)} />
    </div>
  );
}
