import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { templateParamsPtBR } from '@atende/shared/i18n/template-params';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { Card, Flex, Form, Input, Select, Typography } from 'antd';
import { FIELD_VARIABLES, slotKey, templateSlots } from '../state/templates.ts';

const labels = templateParamsPtBR;
const fieldOptions = FIELD_VARIABLES.map((key) => ({ value: `{{${key}}}`, label: labels.fieldOptions[key] }));

/** One input per `{{n}}` of the template (typed, or a contact field picked beside it), errors under each. */
export function TemplateParamsForm({
  template,
  values,
  errors,
  onChange,
}: {
  template: TemplateView;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <Form layout="vertical" component="div" data-testid="template-params">
      {templateSlots(template).map((slot) => {
        const key = slotKey(slot);
        const label = interpolate(slot.part === 'header' ? labels.headerLabel : labels.bodyLabel, {
          placeholder: `{{${slot.placeholder}}}`,
        });
        const id = `template-param-${slot.part}-${slot.index}`;
        return (
          <Form.Item
            key={key}
            label={label}
            htmlFor={id}
            required
            validateStatus={errors[key] ? 'error' : undefined}
            help={errors[key]}
            style={{ marginBottom: 8 }}
          >
            <Flex gap={8} wrap>
              <Input
                id={id}
                style={{ flex: '1 1 160px' }}
                value={values[key] ?? ''}
                onChange={(event) => onChange(key, event.target.value)}
                data-testid={`template-param-${key}`}
              />
              <Select
                style={{ flex: '0 1 220px', minWidth: 160 }}
                value={null}
                options={fieldOptions}
                placeholder={labels.contactFieldPlaceholder}
                aria-label={`${label}: ${labels.contactField}`}
                onChange={(value: string | null) => value && onChange(key, value)}
                data-testid={`template-field-${key}`}
              />
            </Flex>
          </Form.Item>
        );
      })}
    </Form>
  );
}

/** What the customer will read, parameters filled (header in bold above the body). */
export function TemplatePreview({ header, body }: { header?: string | undefined; body: string }) {
  return (
    <Card size="small" title={labels.preview} data-testid="template-preview">
      <Flex vertical gap={4}>
        {header && <Typography.Text strong>{header}</Typography.Text>}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {body}
        </Typography.Paragraph>
      </Flex>
    </Card>
  );
}
