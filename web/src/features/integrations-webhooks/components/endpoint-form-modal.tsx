import type { WebhookEndpointView } from '@atende/shared/contracts/webhook-endpoints/views';
import { WEBHOOK_EVENT_TYPES } from '@atende/shared/contracts/webhook-endpoints/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';

const labels = ptBR.developers.webhooks;

export interface EndpointFormValues {
  url: string;
  description?: string;
  events: string[];
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Create or edit an endpoint: its URL, a description and the events it subscribes to. */
export function EndpointFormModal({
  open,
  editing,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  editing: WebhookEndpointView | undefined;
  saving: boolean;
  onSubmit: (values: EndpointFormValues) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<EndpointFormValues>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { url: editing.url, description: editing.description, events: editing.events }
        : { url: '', description: '', events: [] },
    );
  }, [open, editing, form]);

  return (
    <Modal
      open={open}
      title={editing ? labels.editTitle : labels.createTitle}
      okText={labels.save}
      cancelText={labels.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'webhook-form-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} data-testid="webhook-form">
        <Form.Item
          name="url"
          label={labels.url}
          rules={[
            { required: true, whitespace: true, message: labels.urlRequired },
            {
              validator: (_, value: string | undefined) =>
                !value || isWebUrl(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(labels.urlInvalid)),
            },
          ]}
        >
          <Input placeholder="https://" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="description" label={labels.description} rules={[{ max: 500 }]}>
          <Input data-testid="webhook-description" />
        </Form.Item>
        <Form.Item
          name="events"
          label={labels.events}
          // A validator rather than `required`: antd would put aria-required on the checkbox group, which ARIA
          // does not allow on a group (the error under it still says an event is needed).
          rules={[
            {
              validator: async (_: unknown, value: unknown) => {
                if (!Array.isArray(value) || value.length === 0) throw new Error(labels.eventsRequired);
              },
            },
          ]}
        >
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 }}
            options={WEBHOOK_EVENT_TYPES.map((type) => ({
              label: <code data-testid={`webhook-event-${type}`}>{type}</code>,
              value: type,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
