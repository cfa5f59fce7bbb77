import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { TemplateParams } from '@atende/shared/rules/template-params';
import { Alert, Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { paramsOf, type previewLookup, templateErrors, templatePreview } from '../state/templates.ts';
import { TemplateParamsForm, TemplatePreview } from './template-params-form.tsx';

/**
 * Outside the 86400 s window only an approved template can go (spec point 4): pick one, fill its variables
 * (typed or a contact field), read the preview, send. Errors show once the operator tries to send.
 */
export function TemplatePicker({
  templates,
  loading,
  lookup,
  onSend,
}: {
  templates: readonly TemplateView[];
  loading: boolean;
  lookup: ReturnType<typeof previewLookup>;
  onSend: (name: string, params: TemplateParams, preview: string) => boolean;
}) {
  const [pickedId, setPickedId] = useState<string>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const picked = templates.find((template) => template._id === pickedId);
  const params = picked ? paramsOf(picked, values) : undefined;
  const errors = picked && params && tried ? templateErrors(picked, params, lookup) : {};
  const preview = picked && params ? templatePreview(picked, params, lookup) : undefined;

  const pick = (id: string) => {
    setPickedId(id);
    setValues({});
    setTried(false);
  };
  const submit = () => {
    if (!picked || !params || !preview) return;
    setTried(true);
    if (Object.keys(templateErrors(picked, params, lookup)).length) return;
    const text = preview.header ? `${preview.header}\n\n${preview.body}` : preview.body;
    if (onSend(picked.name, params, text)) pick('');
  };

  return (
    <Flex vertical gap={8} data-testid="template-picker">
      <Alert type="warning" showIcon title={ptBR.chat.composer.windowClosed} />
      <Select
        value={pickedId || undefined}
        onChange={pick}
        loading={loading}
        options={templates.map((template) => ({ value: template._id, label: template.name }))}
        placeholder={ptBR.chat.composer.templatePlaceholder}
        aria-label={ptBR.chat.composer.templatePlaceholder}
        notFoundContent={ptBR.forms.noOptions}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="template-select"
      />
      {picked && preview && (
        <>
          <TemplateParamsForm
            template={picked}
            values={values}
            errors={errors}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
          <TemplatePreview header={preview.header} body={preview.body} />
        </>
      )}
      <Flex justify="flex-end">
        <Button type="primary" disabled={!picked} onClick={submit} data-testid="template-send">
          {ptBR.chat.composer.sendTemplate}
        </Button>
      </Flex>
    </Flex>
  );
}
