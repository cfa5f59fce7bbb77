import type { ConversationStatus } from '@atende/shared/contracts/conversations/views';
import { CONVERSATION_STATUSES } from '@atende/shared/contracts/conversations/views';
import { CHANNEL_TYPES, type ChannelType } from '@atende/shared/channels/inbound';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Flex, Select } from 'antd';

const labels = ptBR.chat;

export interface ListFilterValues {
  status?: ConversationStatus | undefined;
  channel?: ChannelType | undefined;
  department?: string | undefined;
  wallet?: string | undefined;
}

export function ConversationFilters({
  value,
  onChange,
  departments,
  wallets,
}: {
  value: ListFilterValues;
  onChange: (next: ListFilterValues) => void;
  departments: { value: string; label: string }[];
  /** Shown only when the viewer has wallets to pick from. */
  wallets: { value: string; label: string }[];
}) {
  return (
    <Flex gap={6} wrap>
      <Select
        allowClear
        size="small"
        style={{ minWidth: 96, flex: 1 }}
        aria-label={labels.filters.channel}
        placeholder={labels.filters.channel}
        value={value.channel}
        onChange={(channel?: ChannelType) => onChange({ ...value, channel })}
        options={CHANNEL_TYPES.map((channel) => ({ value: channel, label: labels.channels[channel] }))}
        notFoundContent={ptBR.forms.noOptions}
        data-testid="filter-channel"
      />
      <Select
        allowClear
        size="small"
        style={{ minWidth: 96, flex: 1 }}
        aria-label={labels.filters.status}
        placeholder={labels.filters.status}
        value={value.status}
        onChange={(status?: ConversationStatus) => onChange({ ...value, status })}
        options={CONVERSATION_STATUSES.map((status) => ({ value: status, label: labels.statuses[status] }))}
        data-testid="filter-status"
      />
      <Select
        allowClear
        size="small"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 120, flex: 1 }}
        aria-label={labels.filters.department}
        placeholder={labels.filters.department}
        value={value.department}
        onChange={(department?: string) => onChange({ ...value, department })}
        options={departments}
        notFoundContent={ptBR.forms.noOptions}
        data-testid="filter-department"
      />
      {wallets.length > 0 && (
        <Select
          allowClear
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 120, flex: 1 }}
          aria-label={labels.filters.wallet}
          placeholder={labels.filters.wallet}
          value={value.wallet}
          onChange={(wallet?: string) => onChange({ ...value, wallet })}
          options={wallets}
          notFoundContent={ptBR.forms.noOptions}
          data-testid="filter-wallet"
        />
      )}
    </Flex>
  );
}
