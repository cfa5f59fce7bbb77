import type { WebhookEndpointView } from '@atende/shared/contracts/webhook-endpoints/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useWebhookEndpoints, useWebhookMutations } from '../hooks/use-webhooks.ts';
import { DeliveriesDrawer } from './deliveries-drawer.tsx';
import { EndpointsTable } from './endpoints-table.tsx';
import { EndpointFormModal, type EndpointFormValues } from './endpoint-form-modal.tsx';
import { SecretModal } from './secret-modal.tsx';
import { VerifySnippet } from './verify-snippet.tsx';

const labels = ptBR.developers.webhooks;
const toastSeconds = LIMITS.toastDurationMs / 1000;

type FormState = { open: false } | { open: true; editing: WebhookEndpointView | undefined };

/** app/integrations/webhooks: outbound endpoints, their secret, test events and the deliveries log. */
export function WebhooksPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message, modal } = App.useApp();
  const endpoints = useWebhookEndpoints();
  const mutations = useWebhookMutations();
  const [form, setForm] = useState<FormState>({ open: false });
  const [secret, setSecret] = useState<string>();
  const [logOf, setLogOf] = useState<WebhookEndpointView>();

  const failed = (error: unknown) =>
    void message.error(
      error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
      toastSeconds,
    );

  const save = async (values: EndpointFormValues) => {
    const body = {
      url: values.url.trim(),
      events: values.events,
      description: values.description?.trim() ?? '',
    };
    try {
      if (form.open && form.editing) {
        await mutations.update.mutateAsync({ id: form.editing._id, body });
      } else {
        const created = await mutations.create.mutateAsync(body);
        setSecret(created.secret);
      }
      setForm({ open: false });
      void message.success(labels.saved, toastSeconds);
    } catch (error) {
      failed(error);
    }
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done, toastSeconds);
    } catch (error) {
      failed(error);
    }
  };

  const confirm = (content: string, onOk: () => Promise<void>, testId: string) =>
    modal.confirm({
      title: content,
      okText: ptBR.contactsScreens.common.yes,
      cancelText: ptBR.contactsScreens.common.no,
      okButtonProps: { 'data-testid': testId },
      onOk,
    });

  const rotate = (endpoint: WebhookEndpointView) =>
    confirm(
      labels.rotateConfirm,
      async () => {
        try {
          setSecret((await mutations.rotate.mutateAsync(endpoint._id)).secret);
        } catch (error) {
          failed(error);
        }
      },
      'webhook-rotate-confirm',
    );

  return (
    <div data-testid="webhooks-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Typography.Paragraph style={{ marginTop: 16 }}>{labels.intro}</Typography.Paragraph>
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          onClick={() => setForm({ open: true, editing: undefined })}
          data-testid="webhook-add"
        >
          {labels.create}
        </Button>
      </Flex>
      {endpoints.isError ? (
        <Alert
          type="error"
          showIcon
          title={labels.loadError}
          action={<Button onClick={() => void endpoints.refetch()}>{labels.retry}</Button>}
        />
      ) : (
        <EndpointsTable
          endpoints={endpoints.data ?? []}
          loading={endpoints.isLoading}
          actions={{
            enable: (endpoint) =>
              void run(
                () => mutations.update.mutateAsync({ id: endpoint._id, body: { status: 'active' } }),
                labels.saved,
              ),
            test: (endpoint) => void run(() => mutations.test.mutateAsync(endpoint._id), labels.testSent),
            log: setLogOf,
            rotate,
            edit: (endpoint) => setForm({ open: true, editing: endpoint }),
            remove: (endpoint) =>
              confirm(
                labels.deleteConfirm,
                () => run(() => mutations.remove.mutateAsync(endpoint._id), labels.deleted),
                'webhook-delete-confirm',
              ),
          }}
        />
      )}
      <VerifySnippet />
      <EndpointFormModal
        open={form.open}
        editing={form.open ? form.editing : undefined}
        saving={mutations.create.isPending || mutations.update.isPending}
        onSubmit={(values) => void save(values)}
        onCancel={() => setForm({ open: false })}
      />
      <SecretModal secret={secret} onClose={() => setSecret(undefined)} />
      <DeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(undefined)} />
    </div>
  );
}
