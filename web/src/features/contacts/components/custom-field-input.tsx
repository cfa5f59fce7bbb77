import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Input, InputNumber, Select } from 'antd';

interface CustomFieldInputProps {
  field: CustomFieldView;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
}

/** One custom field's input, by its type; dates are typed pt-BR style (DD/MM/AAAA). */
export function CustomFieldInput({ field, value, onChange }: CustomFieldInputProps) {
  const testId = `contact-form-custom-${field.key}`;
  if (field.type === 'number')
    return (
      <InputNumber
        style={{ width: '100%' }}
        value={value === null || value === undefined || value === '' ? null : Number(value)}
        onChange={(next) => onChange?.(next)}
        data-testid={testId}
      />
    );
  if (field.type === 'select')
    return (
      <Select
        allowClear
        value={value === null || value === undefined ? undefined : String(value)}
        onChange={(next: string | undefined) => onChange?.(next ?? null)}
        options={field.options.map((option) => ({ value: option, label: option }))}
        notFoundContent={ptBR.forms.noOptions}
        data-testid={testId}
      />
    );
  return (
    <Input
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder={field.type === 'date' ? 'DD/MM/AAAA' : undefined}
      maxLength={field.type === 'date' ? 10 : 500}
      data-testid={testId}
    />
  );
}
