import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { CUSTOM_FIELD_TYPES, customFieldBody } from '@atende/shared/contracts/custom-fields/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Checkbox, Flex, Form, Input, Select, Tag } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import type { CustomFieldInput } from '../api/organizing-api.ts';
import { customFieldsApi, organizingKeys } from '../api/organizing-api.ts';
import { schemaError, schemaRule } from '../forms/schema-rule.ts';
import { CatalogPage } from './catalog-page.tsx';

const labels = ptBR.contactsScreens.customFields;

const api = {
  queryKey: organizingKeys.customFields,
  list: async () => (await customFieldsApi.list()).custom_fields,
  create: (values: CustomFieldInput) => customFieldsApi.create(values),
  // Key and type stay once values are stored under them; only label, options and required change.
  update: (item: CustomFieldView, values: CustomFieldInput) =>
    customFieldsApi.update(item._id, {
      label: values.label,
      options: values.options,
      required: values.required,
    }),
  remove: (item: CustomFieldView) => customFieldsApi.remove(item._id),
};

const toValues = (item: CustomFieldView | undefined): Partial<CustomFieldInput> =>
  item
    ? { key: item.key, label: item.label, type: item.type, options: item.options, required: item.required }
    : { key: '', label: '', type: 'text', options: [], required: false };

/** app/contacts/custom-fields/*: the contact fields the company adds, with their types and options. */
export function CustomFieldsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  return (
    <CatalogPage<CustomFieldView, CustomFieldInput>
      title={title}
      breadcrumb={breadcrumb}
      testId="custom-field"
      addLabel={labels.newField}
      api={api}
      rowKey={(item) => item._id}
      rowName={(item) => item.label}
      toValues={toValues}
      columns={[
        { title: labels.label, dataIndex: 'label' },
        { title: labels.key, dataIndex: 'key' },
        { title: labels.type, key: 'type', render: (_, item) => labels.types[item.type] },
        {
          title: labels.options,
          key: 'options',
          render: (_, item) => (
            <Flex wrap gap={4}>
              {item.options.map((option) => (
                <Tag key={option}>{option}</Tag>
              ))}
            </Flex>
          ),
        },
        {
          title: labels.required,
          key: 'required',
          render: (_, item) =>
            item.required ? ptBR.contactsScreens.common.yes : ptBR.contactsScreens.common.no,
        },
      ]}
      renderForm={(form, editing) => (
        <>
          <Form.Item
            name="label"
            label={labels.label}
            rules={[schemaRule(customFieldBody.shape.label)]}
            required
          >
            <Input maxLength={80} data-testid="custom-field-form-label" />
          </Form.Item>
          <Form.Item name="key" label={labels.key} rules={[schemaRule(customFieldBody.shape.key)]} required>
            <Input maxLength={40} disabled={editing !== undefined} data-testid="custom-field-form-key" />
          </Form.Item>
          <Form.Item name="type" label={labels.type} required>
            <Select
              disabled={editing !== undefined}
              options={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: labels.types[type] }))}
              data-testid="custom-field-form-type"
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['type']}>
            {() =>
              form.getFieldValue('type') === 'select' && (
                <Form.Item
                  name="options"
                  label={labels.options}
                  extra={labels.optionsHint}
                  rules={[
                    {
                      validator: async (_: unknown, options: unknown) => {
                        const problem = schemaError(customFieldBody, { ...form.getFieldsValue(), options });
                        if (problem === ptBR.contacts.selectNeedsOptions) throw new Error(problem);
                      },
                    },
                  ]}
                  required
                >
                  <Select mode="tags" open={false} data-testid="custom-field-form-options" />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="required" valuePropName="checked">
            <Checkbox data-testid="custom-field-form-required">{labels.required}</Checkbox>
          </Form.Item>
        </>
      )}
    />
  );
}
