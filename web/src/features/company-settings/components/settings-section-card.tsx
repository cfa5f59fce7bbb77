import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import type { FormSection, SettingsField } from '../forms/settings-fields.ts';
import {
  isVisible,
  numberFieldError,
  requiredFieldError,
  sectionErrors,
  sectionFields,
  sectionPatch,
} from '../forms/settings-fields.ts';
import type { Choice } from '../hooks/use-company.ts';
import { useSaveSettings } from '../hooks/use-company.ts';

export interface SettingsSectionCardProps {
  section: FormSection;
  document: CompanySettingsDocument;
  departments: readonly Choice[];
  /** Published flows (GET /api/flows). */
  flows: readonly Choice[];
}

const sectionLabels = ptBR.adminScreens.company.sections as Record<FormSection, Record<string, string>>;

const check =
  (validate: (value: unknown) => string | undefined): Rule =>
  () => ({
    validator: async (_, value) => {
      const message = validate(value);
      if (message) throw new Error(message);
    },
  });

function fieldRules(field: SettingsField): Rule[] {
  if (field.kind === 'number') return [check((value) => numberFieldError(value, field.min, field.max))];
  if (field.kind === 'department' || field.kind === 'select') return [check(requiredFieldError)];
  if (field.kind === 'text' && field.visibleWhen) return [check(requiredFieldError)];
  return [];
}

/** The bare input, so the Form.Item around it can hand it value and onChange. */
function fieldInput(field: SettingsField, choices: readonly Choice[]) {
  const testId = `setting-${field.path.replaceAll('.', '-')}`;
  switch (field.kind) {
    case 'switch':
      return <Switch data-testid={testId} />;
    case 'number':
      return <InputNumber precision={0} data-testid={testId} />;
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.maxLength} showCount data-testid={testId} />;
    case 'text':
      return <Input maxLength={field.maxLength} data-testid={testId} />;
    case 'select':
      return (
        <Select
          notFoundContent={ptBR.forms.noOptions}
          options={[...(field.options ?? [])]}
          data-testid={testId}
          style={{ minWidth: 240 }}
        />
      );
    case 'department':
    case 'flow':
      return (
        <Select
          notFoundContent={ptBR.forms.noOptions}
          allowClear={field.kind === 'flow'}
          showSearch={{ optionFilterProp: 'label' }}
          options={[...choices]}
          data-testid={testId}
          style={{ minWidth: 240 }}
        />
      );
  }
}

/** One section of the company settings page: its own form, validated by the contract, saved alone. */
export function SettingsSectionCard({ section, document, departments, flows }: SettingsSectionCardProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const values = Form.useWatch([], form) ?? {};
  const save = useSaveSettings();
  const fields = sectionFields(section);
  const labels = sectionLabels[section];
  const current = document[section];

  useEffect(() => form.setFieldsValue(current as Record<string, unknown>), [current, form]);

  const submit = async (formValues: Record<string, unknown>) => {
    const patch = sectionPatch(section, { ...(current as Record<string, unknown>), ...formValues });
    const errors = sectionErrors(section, patch);
    if (errors.size > 0) {
      form.setFields([...errors].map(([path, error]) => ({ name: path.split('.'), errors: [error] })));
      return;
    }
    await save.mutateAsync({ [section]: patch }).catch(() => undefined);
  };

  return (
    <Card title={labels?.title} id={section} data-testid={`settings-section-${section}`} size="small">
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={current as Record<string, unknown>}
      >
        {fields
          .filter((field) => isVisible(field, values))
          .map((field) => (
            <Form.Item
              key={field.path}
              name={field.path.split('.')}
              label={labels?.[field.path] ?? field.path}
              valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
              rules={fieldRules(field)}
              required={field.kind === 'number' || field.kind === 'department'}
            >
              {fieldInput(field, field.kind === 'flow' ? flows : departments)}
            </Form.Item>
          ))}
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid={`settings-save-${section}`}
        >
          {ptBR.forms.save}
        </Button>
      </Form>
    </Card>
  );
}
