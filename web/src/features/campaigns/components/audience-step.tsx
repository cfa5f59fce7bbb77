import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Input, Select, Space, Spin, Statistic } from 'antd';
import { campaignsApi } from '../api/campaigns-api.ts';
import { audienceOf, hasAudienceDraft } from './campaign-draft.ts';
import type { StepProps } from './campaign-steps.tsx';

const t = ptBR.campaigns;

const durationText = (seconds: number) =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.ceil(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

export function AudienceStep({ draft, change, choices }: StepProps) {
  const audience = audienceOf(draft);
  const estimate = useQuery({
    queryKey: ['campaigns', 'estimate', draft.integration, audience],
    queryFn: () => campaignsApi.estimate({ integration: draft.integration ?? '', audience }),
    enabled: Boolean(draft.integration) && hasAudienceDraft(draft),
  });
  const options = (items: readonly { _id: string; name: string }[]) =>
    items.map((item) => ({ value: item._id, label: item.name }));
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <label>
        {t.fields.tags}
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          value={draft.tags}
          options={options(choices.tags)}
          data-testid="campaign-tags"
          optionFilterProp="label"
          onChange={(tags: string[]) => change({ tags })}
        />
      </label>
      <label>
        {t.fields.smartTag}
        <Select
          allowClear
          style={{ width: '100%' }}
          value={draft.smartTag}
          options={options(choices.smartTags)}
          onChange={(smartTag?: string) => change({ smartTag })}
        />
      </label>
      <label>
        {t.fields.wallet}
        <Select
          allowClear
          style={{ width: '100%' }}
          value={draft.wallet}
          options={options(choices.wallets)}
          onChange={(wallet?: string) => change({ wallet })}
        />
      </label>
      <label>
        {t.fields.audienceList}
        <Select
          allowClear
          style={{ width: '100%' }}
          value={draft.audienceList}
          options={options(choices.audienceLists)}
          onChange={(audienceList?: string) => change({ audienceList })}
        />
      </label>
      <Space wrap>
        <label>
          {t.fields.customField}
          <Input
            value={draft.customField.key}
            maxLength={60}
            data-testid="campaign-custom-key"
            onChange={(event) => change({ customField: { ...draft.customField, key: event.target.value } })}
          />
        </label>
        <label>
          {t.fields.customValue}
          <Input
            value={draft.customField.value}
            maxLength={200}
            data-testid="campaign-custom-value"
            onChange={(event) => change({ customField: { ...draft.customField, value: event.target.value } })}
          />
        </label>
      </Space>
      {estimate.isFetching && <Spin />}
      {estimate.isError && <Alert type="error" message={ptBR.contactsScreens.common.loadFailed} />}
      {estimate.data && (
        <Flex gap={24} wrap data-testid="campaign-estimate">
          <Statistic title={t.estimate.audience} value={estimate.data.total} />
          <Statistic
            title={t.estimate.eligible}
            value={estimate.data.eligible}
            valueStyle={{ color: '#3f8600' }}
          />
          <Statistic title={t.estimate.excluded} value={estimate.data.excluded} />
          <Statistic title={t.estimate.duration} value={durationText(estimate.data.duration_seconds)} />
          {Object.entries(estimate.data.excluded_by).map(([reason, count]) => (
            <Statistic key={reason} title={t.exclusion[reason as keyof typeof t.exclusion]} value={count} />
          ))}
        </Flex>
      )}
    </Flex>
  );
}
