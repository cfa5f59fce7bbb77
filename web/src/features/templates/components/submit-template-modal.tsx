import { TEMPLATE_CATEGORIES } from '@atende/shared/contracts/templates/submit-template';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { submitNewTemplate, templateKeys } from '../api/templates-api.ts';

const t = ptBR.campaigns.templateSubmit;
const required = { required: true, message: ptBR.forms.requiredField };

interface Values {
  name: string;
  language: string;
  category: (typeof TEMPLATE_CATEGORIES)[number];
  header?: string;
  body: string;
  examples?: string;
}

/** A new template written here and submitted to Meta for review (it shows as PENDING until Meta answers). */
export function SubmitTemplateModal({
  integration,
  open,
  onClose,
}: {
  integration: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: (values: Values) =>
      submitNewTemplate({
        integration,
        name: values.name,
        language: values.language,
        category: values.category,
        body: values.body,
        ...(values.header?.trim() ? { header: values.header.trim() } : {}),
        ...(values.examples?.trim()
          ? {
              examples: values.examples
                .split(',')
                .map((value) => value.trim())
                .filter(Boolean),
            }
          : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: templateKeys.list(integration) });
      void message.success(t.submitted, LIMITS.toastDurationMs / 1000);
      form.resetFields();
      onClose();
    },
    onError: (error) =>
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.contactsScreens.common.saveFailed,
        LIMITS.toastDurationMs / 1000,
      ),
  });
  return (
    <Modal
      open={open}
      title={t.title}
      okText={t.submit}
      cancelText={ptBR.forms.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={submit.isPending}
      okButtonProps={{ 'data-testid': 'template-submit' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ language: 'pt_BR', category: 'MARKETING' }}
        onFinish={(values) => submit.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t.name}
          rules={[required, { pattern: /^[a-z0-9_]{1,512}$/, message: t.nameInvalid }]}
        >
          <Input data-testid="template-name" maxLength={512} />
        </Form.Item>
        <Form.Item name="language" label={t.language} rules={[required]}>
          <Input maxLength={8} />
        </Form.Item>
        <Form.Item name="category" label={t.category} rules={[required]}>
          <Select options={TEMPLATE_CATEGORIES.map((value) => ({ value, label: t.categories[value] }))} />
        </Form.Item>
        <Form.Item name="header" label={t.header}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="body" label={t.body} rules={[required]}>
          <Input.TextArea rows={4} maxLength={1024} data-testid="template-body" />
        </Form.Item>
        <Form.Item name="examples" label={t.examples}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
