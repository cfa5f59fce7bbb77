import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/dates/dates.ts';

const labels = ptBR.developers.api;

export interface KeyFormValues {
  name: string;
  scopes: string[];
  expires_at?: Dayjs | null;
}

/** A new key: a name, its scopes (`*` or `<área>:read|write`) and an optional expiry. */
export function KeyFormModal({
  open,
  scopes,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  scopes: readonly string[];
  saving: boolean;
  onSubmit: (values: KeyFormValues) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<KeyFormValues>();
  return (
    <Modal
      open={open}
      title={labels.createKey}
      okText={ptBR.developers.webhooks.save}
      cancelText={ptBR.developers.webhooks.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'api-key-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} preserve={false}>
        <Form.Item
          name="name"
          label={labels.name}
          rules={[{ required: true, whitespace: true, message: labels.nameRequired }, { max: 80 }]}
        >
          <Input data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={labels.scopes}
          rules={[{ required: true, type: 'array', min: 1, message: labels.scopesRequired }]}
        >
          <Select
            mode="multiple"
            data-testid="api-key-scopes"
            options={[
              { label: labels.allScopes, value: '*' },
              ...scopes.map((scope) => ({ label: scope, value: scope })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="expires_at"
          label={labels.expiresAt}
          rules={[
            {
              validator: (_, value: Dayjs | null | undefined) =>
                !value || value.isAfter(dayjs())
                  ? Promise.resolve()
                  : Promise.reject(new Error(labels.expiryPast)),
            },
          ]}
        >
          <DatePicker showTime format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
