import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Select, Typography } from 'antd';
import type { ColumnsByField, ImportTarget } from '../import/column-mapping.ts';
import { BASE_TARGETS } from '../import/column-mapping.ts';
import type { FilePreview } from '../import/read-file.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.contactsScreens.import;
const fieldLabels = ptBR.contactsScreens.contacts;
const BASE_LABELS: Record<(typeof BASE_TARGETS)[number], string> = {
  full_name: fieldLabels.fullName,
  cel_phone: fieldLabels.phone,
  email: fieldLabels.email,
  tags: fieldLabels.tags,
};

interface Row {
  target: Exclude<ImportTarget, 'ignore'>;
  label: string;
  required: boolean;
}

export interface ImportMappingProps {
  preview: FilePreview;
  customFields: readonly CustomFieldView[];
  value: ColumnsByField;
  onChange: (value: ColumnsByField) => void;
}

/** One line per contact field, each with the file column that feeds it (detected, then editable). */
export function ImportMapping({ preview, customFields, value, onChange }: ImportMappingProps) {
  const rows: Row[] = [
    ...BASE_TARGETS.map((target) => ({
      target,
      label: BASE_LABELS[target],
      required: target === 'full_name',
    })),
    ...customFields.map((field) => ({
      target: `custom:${field.key}` as const,
      label: field.label,
      required: false,
    })),
  ];
  const columnOptions = preview.headers
    .map((header, index) => ({ value: header, label: header, index }))
    .filter((option) => option.value !== '');
  const sampleOf = (header: string | undefined) =>
    header === undefined ? '' : (preview.sample[preview.headers.indexOf(header)] ?? '');

  return (
    <ResponsiveTable<Row>
      rowKey="target"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="import-mapping"
      columns={[
        {
          title: labels.field,
          key: 'field',
          render: (_, row) => (
            <Typography.Text strong={row.required}>
              {row.label}
              {row.required ? ' *' : ''}
            </Typography.Text>
          ),
        },
        {
          title: labels.column,
          key: 'column',
          render: (_, row) => (
            <Select
              allowClear
              style={{ minWidth: 220 }}
              placeholder={labels.ignore}
              value={value[row.target]}
              onChange={(header: string | undefined) => onChange({ ...value, [row.target]: header })}
              options={columnOptions}
              notFoundContent={ptBR.forms.noOptions}
              data-testid={`import-map-${row.target}`}
            />
          ),
        },
        {
          title: labels.sample,
          key: 'sample',
          render: (_, row) => (
            <Typography.Text type="secondary">{sampleOf(value[row.target])}</Typography.Text>
          ),
        },
      ]}
    />
  );
}
