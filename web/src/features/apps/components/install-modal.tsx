import type { AppField, AppView, ShopifyAction } from '@atende/shared/contracts/apps/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { flowKeys, flowsApi } from '../../flows/api/flows-api.ts';
import { installBody, type InstallFormValues, validateInstallForm } from '../forms/install-form.ts';
import type { useAppMutations } from '../hooks/use-apps.ts';
import { ShopifyActions } from './shopify-actions.tsx';

const strings = ptBR.apps;
const toastSeconds = LIMITS.toastDurationMs / 1000;

/** Vortico ends attendances with one of the company's flows: chosen from the list, not typed. */
function FlowSelect(props: { value?: string; onChange?: (value: string) => void }) {
  const flows = useQuery({ queryKey: flowKeys.list, queryFn: flowsApi.list });
  return (
    <Select
      {...props}
      showSearch
      optionFilterProp="label"
      loading={flows.isLoading}
      notFoundContent={ptBR.forms.noOptions}
      options={(flows.data?.flows ?? []).map((flow) => ({ value: flow._id, label: flow.name }))}
      data-testid="app-field-end_attendance_flow"
    />
  );
}

function fieldInput(app: AppView, name: AppField, secret: boolean) {
  if (name === 'end_attendance_flow') return <FlowSelect />;
  const testId = `app-field-${name}`;
  if (secret) return <Input.Password autoComplete="new-password" data-testid={testId} />;
  const hint = (strings.hints as Partial<Record<AppField, string>>)[name];
  return (
    <Input placeholder={hint} data-testid={testId} aria-label={`${app.label} ${strings.fields[name]}`} />
  );
}

export interface InstallModalProps {
  app: AppView | undefined;
  mutations: ReturnType<typeof useAppMutations>;
  onClose: () => void;
}

/** The install form of one app: its spec point 5 fields, checked here and again by the API. */
export function InstallModal({ app, mutations, onClose }: InstallModalProps) {
  const [form] = Form.useForm<InstallFormValues>();
  const { message } = App.useApp();

  useEffect(() => {
    if (app) form.resetFields();
  }, [app, form]);

  const refuse = (errors: Partial<Record<AppField, string>>) =>
    form.setFields(
      Object.entries(errors).map(([name, error]) => ({ name: name as AppField, errors: [error] })),
    );

  const submit = async (values: InstallFormValues & { shopify_actions?: ShopifyAction[] }) => {
    if (!app) return;
    const shopifyActions = values.shopify_actions;
    const errors = validateInstallForm(app, values);
    if (Object.keys(errors).length > 0) return refuse(errors);
    try {
      await mutations.install.mutateAsync({ name: app.name, body: installBody(app, values, shopifyActions) });
      void message.success(strings.installedToast, toastSeconds);
      onClose();
    } catch (error) {
      const field =
        error instanceof ApiRequestError ? (error.data as { field?: string } | undefined)?.field : undefined;
      if (error instanceof ApiRequestError && field && app.fields.some((entry) => entry.name === field)) {
        return refuse({ [field]: error.message });
      }
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
        toastSeconds,
      );
    }
  };

  return (
    <Modal
      open={app !== undefined}
      title={app ? interpolate(strings.installTitle, { label: app.label }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={strings.install}
      cancelText={ptBR.forms.cancel}
      okButtonProps={{ 'data-testid': 'app-install-submit' }}
      confirmLoading={mutations.install.isPending}
      destroyOnHidden
      data-testid="app-install-modal"
    >
      {app && (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
          {app.fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={strings.fields[field.name]}
              required={field.required}
              extra={
                field.name === 'webhook_secret'
                  ? strings.hints.webhook_secret
                  : (strings.appHints as Partial<Record<string, Partial<Record<AppField, string>>>>)[
                      app.name
                    ]?.[field.name]
              }
            >
              {fieldInput(app, field.name, field.secret)}
            </Form.Item>
          ))}
          {app.name === 'shopify' && <ShopifyActions />}
        </Form>
      )}
    </Modal>
  );
}
