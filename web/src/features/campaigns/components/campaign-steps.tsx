import { csvAudiencePtBR } from '@atende/shared/i18n/csv-audience';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import {
  Alert,
  DatePicker,
  Descriptions,
  Flex,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { CampaignChoices } from '../api/campaigns-api.ts';
import { useApprovedTemplates } from '../hooks/use-campaigns.ts';
import { type CampaignDraft, FIELD_VARIABLES, placeholders } from './campaign-draft.ts';
import { CSV_VARIABLE_PREFIX } from '@atende/shared/rules/csv-audience';

const t = ptBR.campaigns;

export interface StepProps {
  draft: CampaignDraft;
  change: (patch: Partial<CampaignDraft>) => void;
  choices: CampaignChoices;
}

export function ChannelStep({ draft, change, choices }: StepProps) {
  const templates = useApprovedTemplates(draft.official ? draft.integration : undefined);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 560 }}>
      <label>
        {t.fields.name}
        <Input
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          data-testid="campaign-name"
          maxLength={120}
        />
      </label>
      <label>
        {t.fields.integration}
        <Select
          style={{ width: '100%' }}
          value={draft.integration}
          data-testid="campaign-integration"
          options={choices.channels.map((channel) => ({ value: channel._id, label: channel.label }))}
          onChange={(value: string) =>
            change({
              integration: value,
              official: choices.channels.find((channel) => channel._id === value)?.official ?? true,
              template: undefined,
              templateBody: '',
              variables: {},
            })
          }
        />
      </label>
      {draft.integration && draft.official && (
        <label>
          {t.fields.template}
          <Select
            style={{ width: '100%' }}
            loading={templates.isLoading}
            value={draft.template}
            data-testid="campaign-template"
            notFoundContent={templates.isError ? ptBR.contactsScreens.common.loadFailed : undefined}
            options={(templates.data ?? []).map((template) => ({
              value: template.name,
              label: template.name,
            }))}
            onChange={(value: string) =>
              change({
                template: value,
                templateBody: templates.data?.find((template) => template.name === value)?.body ?? '',
                variables: {},
              })
            }
          />
        </label>
      )}
      {draft.integration && !draft.official && (
        <label>
          {t.fields.message}
          <Input.TextArea
            rows={4}
            value={draft.message}
            maxLength={4096}
            data-testid="campaign-message"
            onChange={(event) => change({ message: event.target.value })}
          />
        </label>
      )}
    </Flex>
  );
}

const preview = (draft: CampaignDraft) =>
  draft.templateBody.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, key: string) => {
    const entry = draft.variables[key];
    if (!entry) return whole;
    return entry.source === 'text' ? entry.value : `[${entry.value}]`;
  });

export function VariablesStep({ draft, change, choices }: StepProps) {
  if (!draft.official) {
    return (
      <Flex vertical gap={12} style={{ maxWidth: 560 }}>
        <Typography.Paragraph>{fillVariables(draft.message, (key) => `[${key}]`)}</Typography.Paragraph>
        <Space>
          <label>
            {t.fields.minDelay}
            <InputNumber
              min={1}
              max={300}
              value={draft.delay.min}
              onChange={(min) => change({ delay: { ...draft.delay, min: min ?? 1 } })}
            />
          </label>
          <label>
            {t.fields.maxDelay}
            <InputNumber
              min={1}
              max={300}
              value={draft.delay.max}
              onChange={(max) => change({ delay: { ...draft.delay, max: max ?? 1 } })}
            />
          </label>
        </Space>
      </Flex>
    );
  }
  const keys = placeholders(draft.templateBody);
  // Per-row values of the saved CSV audiences, read as `csv.<key>` when the audience is that list.
  const fieldOptions = [
    ...FIELD_VARIABLES.map((value) => ({ value, label: value })),
    ...choices.audienceLists.flatMap((list) =>
      (list.csv?.variables ?? []).map((variable) => ({
        value: `${CSV_VARIABLE_PREFIX}${variable.key}`,
        label: interpolate(csvAudiencePtBR.csvVariable, { column: `${variable.column} (${list.name})` }),
      })),
    ),
  ];
  const set = (key: string, entry: { source: 'field' | 'text'; value: string }) =>
    change({ variables: { ...draft.variables, [key]: entry } });
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <Alert type="info" message={preview(draft)} data-testid="campaign-preview" />
      {keys.map((key) => {
        const entry = draft.variables[key] ?? { source: 'field' as const, value: '' };
        return (
          <Space key={key} data-testid={`campaign-variable-${key}`}>
            <Typography.Text strong>{`{{${key}}}`}</Typography.Text>
            <Radio.Group
              value={entry.source}
              onChange={(event) => set(key, { source: event.target.value as 'field' | 'text', value: '' })}
            >
              <Radio value="field">{t.fields.variables}</Radio>
              <Radio value="text">{t.fields.message}</Radio>
            </Radio.Group>
            {entry.source === 'field' ? (
              <Select
                style={{ width: 220 }}
                value={entry.value || undefined}
                options={fieldOptions}
                onChange={(value: string) => set(key, { source: 'field', value })}
              />
            ) : (
              <Input
                style={{ width: 220 }}
                value={entry.value}
                maxLength={1000}
                onChange={(event) => set(key, { source: 'text', value: event.target.value })}
              />
            )}
          </Space>
        );
      })}
    </Flex>
  );
}

export function WhenStep({ draft, change }: StepProps) {
  return (
    <Flex vertical gap={12}>
      <Radio.Group
        value={draft.sendNow ? 'now' : 'later'}
        onChange={(event) => change({ sendNow: event.target.value === 'now' })}
        data-testid="campaign-when"
      >
        <Radio value="now">{t.fields.sendNow}</Radio>
        <Radio value="later">{t.fields.schedule}</Radio>
      </Radio.Group>
      {!draft.sendNow && (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="DD/MM/YYYY HH:mm"
          value={draft.scheduledAt ? dayjs(draft.scheduledAt) : null}
          disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          onChange={(value) => change({ scheduledAt: value ? value.toISOString() : undefined })}
        />
      )}
    </Flex>
  );
}

export function ReviewStep({ draft, choices }: StepProps) {
  const names = new Map(
    [...choices.tags, ...choices.smartTags, ...choices.wallets, ...choices.audienceLists].map((item) => [
      item._id,
      item.name,
    ]),
  );
  const channel = choices.channels.find((item) => item._id === draft.integration);
  const audience = [...draft.tags, draft.smartTag, draft.wallet, draft.audienceList].flatMap((id) =>
    id ? [names.get(id) ?? id] : [],
  );
  return (
    <Descriptions column={1} bordered size="small" data-testid="campaign-review">
      <Descriptions.Item label={t.fields.name}>{draft.name}</Descriptions.Item>
      <Descriptions.Item label={t.fields.integration}>{channel?.label}</Descriptions.Item>
      <Descriptions.Item label={draft.official ? t.fields.template : t.fields.message}>
        {draft.official ? draft.template : draft.message}
      </Descriptions.Item>
      <Descriptions.Item label={t.fields.audience}>{audience.join(', ')}</Descriptions.Item>
      <Descriptions.Item label={t.fields.scheduledAt}>
        {draft.sendNow || !draft.scheduledAt
          ? t.fields.sendNow
          : dayjs(draft.scheduledAt).format('DD/MM/YYYY HH:mm')}
      </Descriptions.Item>
    </Descriptions>
  );
}
