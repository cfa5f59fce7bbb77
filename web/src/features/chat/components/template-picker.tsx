import type { TemplateMessage } from '@atende/shared/domain/campaign';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { approvedTemplates } from '../state/templates.ts';

/** Outside the 86400 s window only an approved template can go (spec point 4). */
export function TemplatePicker({
  templates,
  loading,
  onSend,
}: {
  templates: readonly TemplateMessage[];
  loading: boolean;
  onSend: (templateName: string) => void;
}) {
  const [picked, setPicked] = useState<string>();
  const options = approvedTemplates(templates).map((template) => ({
    value: template.name,
    label: template.name,
    title: template.content,
  }));
  return (
    <Flex vertical gap={8} data-testid="template-picker">
      <Alert type="warning" showIcon title={ptBR.chat.composer.windowClosed} />
      <Flex gap={8}>
        <Select
          style={{ flex: 1 }}
          value={picked}
          onChange={setPicked}
          loading={loading}
          options={options}
          placeholder={ptBR.chat.composer.templatePlaceholder}
          notFoundContent={ptBR.forms.noOptions}
          showSearch
          data-testid="template-select"
        />
        <Button
          type="primary"
          disabled={!picked}
          onClick={() => {
            if (!picked) return;
            onSend(picked);
            setPicked(undefined);
          }}
        >
          {ptBR.chat.composer.sendTemplate}
        </Button>
      </Flex>
    </Flex>
  );
}
