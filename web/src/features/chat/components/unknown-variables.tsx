import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { unknownVariables } from '@atende/shared/rules/message-variables';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { customFieldsApi, variablesApi } from '../../organizing/api/organizing-api.ts';

const labels = ptBR.chat.composer;
const KNOWN_STALE_MS = 5 * 60_000;

/**
 * Names the `{{references}}` of the text being typed that nothing resolves (the server sends them as typed),
 * so the operator fixes them before sending. Checked only once the text has a reference.
 */
export function UnknownVariablesWarning({ text }: { text: string }) {
  const hasReference = text.includes('{{');
  const variables = useQuery({
    queryKey: ['composer', 'variables'],
    queryFn: variablesApi.list,
    enabled: hasReference,
    staleTime: KNOWN_STALE_MS,
  });
  const customFields = useQuery({
    queryKey: ['composer', 'custom-fields'],
    queryFn: customFieldsApi.list,
    enabled: hasReference,
    staleTime: KNOWN_STALE_MS,
  });
  if (!hasReference || !variables.data || !customFields.data) return null;
  const unknown = unknownVariables(text, {
    companyVariables: variables.data.variables.map((variable) => variable.key),
    customFields: customFields.data.custom_fields.map((field) => field.key),
  });
  if (unknown.length === 0) return null;
  return (
    <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="composer-unknown-variables">
      {interpolate(labels.unknownVariables, { names: unknown.map((name) => `{{${name}}}`).join(', ') })}
    </Typography.Text>
  );
}
