import type { VariableView } from '@atende/shared/contracts/variables/views';
import { variableBody } from '@atende/shared/contracts/variables/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Form, Input, Typography } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import type { VariableInput } from '../api/organizing-api.ts';
import { organizingKeys, variablesApi } from '../api/organizing-api.ts';
import { schemaRule } from '../forms/schema-rule.ts';
import { CatalogPage } from './catalog-page.tsx';

const labels = ptBR.contactsScreens.variables;
const defaultLabels: Record<string, string> = ptBR.contacts.defaultVariables;

const api = {
  queryKey: organizingKeys.variables,
  list: async () => (await variablesApi.list()).variables,
  create: (values: VariableInput) => variablesApi.create(values),
  update: (item: VariableView, values: VariableInput) => variablesApi.update(item._id, values),
  remove: (item: VariableView) => variablesApi.remove(item._id),
};

const toValues = (item: VariableView | undefined): Partial<VariableInput> =>
  item ? { key: item.key, label: item.label, value: item.value ?? '' } : { key: '', label: '', value: '' };

/** app/contacts/variables: the spec's default properties (read only) and the company's own variables. */
export function VariablesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  return (
    <CatalogPage<VariableView, VariableInput>
      title={title}
      breadcrumb={breadcrumb}
      testId="variable"
      addLabel={labels.newVariable}
      api={api}
      rowKey={(item) => item._id}
      rowName={(item) => item.label}
      readOnly={(item) => item.default}
      toValues={toValues}
      columns={[
        {
          title: labels.key,
          key: 'key',
          render: (_, item) => <Typography.Text code>{`{{${item.key}}}`}</Typography.Text>,
        },
        { title: labels.label, key: 'label', render: (_, item) => defaultLabels[item.key] ?? item.label },
        {
          title: labels.value,
          key: 'value',
          render: (_, item) =>
            item.default ? <Typography.Text type="secondary">{labels.resolved}</Typography.Text> : item.value,
        },
      ]}
      renderForm={(_, editing) => (
        <>
          <Form.Item name="key" label={labels.key} rules={[schemaRule(variableBody.shape.key)]} required>
            <Input maxLength={40} disabled={editing !== undefined} data-testid="variable-form-key" />
          </Form.Item>
          <Form.Item
            name="label"
            label={labels.label}
            rules={[schemaRule(variableBody.shape.label)]}
            required
          >
            <Input maxLength={80} data-testid="variable-form-label" />
          </Form.Item>
          <Form.Item
            name="value"
            label={labels.value}
            rules={[schemaRule(variableBody.shape.value)]}
            required
          >
            <Input.TextArea rows={3} maxLength={1000} data-testid="variable-form-value" />
          </Form.Item>
        </>
      )}
    />
  );
}
