import { CUSTOMER_CHANNELS } from '@atende/shared/domain/constants';
import { DATA_PROTECTION_CHANNELS } from '@atende/shared/domain/data-protection';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  operatorsOf,
  SMART_TAG_FIELDS,
  type SmartTagField,
  type SmartTagOperator,
} from '@atende/shared/rules/smart-tags';
import { MinusCircleOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { Button, Flex, Form, Input, InputNumber, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import {
  changeField,
  changeOperator,
  type ConditionRow as Row,
  conditionError,
  kindOf,
  type RuleFormValues,
} from '../forms/rule-form.ts';
import type { useChoices } from '../hooks/use-smart-tags.ts';

const m = ptBR.smartTags;
const labels = m.screens;

type Choices = ReturnType<typeof useChoices>;

const rowRule = (form: FormInstance<RuleFormValues>, name: number, part: 'operator' | 'key' | 'value') => ({
  validator: async () => {
    const row = form.getFieldValue(['conditions', name]) as Row | undefined;
    const message = row ? conditionError(row, part) : undefined;
    if (message) throw new Error(message);
  },
});

function valueInput(row: Row, choices: Choices): ReactNode {
  const select = (options: { value: string; label: string }[]) => (
    <Select
      options={options}
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 200 }}
      aria-label={labels.value}
      data-testid="smart-tag-condition-value"
    />
  );
  switch (kindOf(row)) {
    case 'none':
      return null;
    case 'number':
      return (
        <InputNumber
          min={0}
          style={{ width: 140 }}
          aria-label={labels.value}
          data-testid="smart-tag-condition-value"
        />
      );
    case 'days':
      return (
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          addonAfter={labels.days}
          style={{ width: 160 }}
          aria-label={labels.value}
          data-testid="smart-tag-condition-value"
        />
      );
    case 'date':
      return (
        <Input
          type="date"
          style={{ width: 170 }}
          aria-label={labels.value}
          data-testid="smart-tag-condition-value"
        />
      );
    case 'channel':
      return select(CUSTOMER_CHANNELS.map((value) => ({ value, label: ptBR.channelBadge[value] })));
    case 'consent_channel':
      return select(
        DATA_PROTECTION_CHANNELS.map((value) => ({
          value,
          label: ptBR.contactsScreens.consentChannels[value],
        })),
      );
    case 'tag':
      return select(choices.tags.map((tag) => ({ value: tag._id, label: tag.name })));
    case 'wallet':
      return select(choices.wallets.map((wallet) => ({ value: wallet._id, label: wallet.name })));
    case 'tabulation':
      return select(
        choices.tabulations.map((tabulation) => ({ value: tabulation._id, label: tabulation.label })),
      );
    case 'text':
      return (
        <Input
          maxLength={200}
          style={{ width: 220 }}
          aria-label={labels.value}
          data-testid="smart-tag-condition-value"
        />
      );
  }
}

/** One condition of the rule builder: field, custom field, operator and a value input fitting the operator. */
export function ConditionRow({
  form,
  name,
  choices,
  onRemove,
  removable,
}: {
  form: FormInstance<RuleFormValues>;
  name: number;
  choices: Choices;
  onRemove: () => void;
  removable: boolean;
}) {
  const row = (Form.useWatch(['conditions', name], form) as Row | undefined) ?? {
    field: 'full_name',
    operator: 'equals',
  };
  const replace = (next: Row) => {
    form.setFieldValue(['conditions', name], next);
    void form.validateFields([['conditions', name, 'value']]).catch(() => undefined);
  };
  return (
    <Flex gap={8} wrap align="start" data-testid="smart-tag-condition">
      <Form.Item name={[name, 'field']} style={{ marginBottom: 8 }}>
        <Select
          style={{ width: 220 }}
          aria-label={labels.field}
          options={SMART_TAG_FIELDS.map((field) => ({ value: field, label: m.fields[field] }))}
          onChange={(field: SmartTagField) => replace(changeField(row, field))}
          data-testid="smart-tag-condition-field"
        />
      </Form.Item>
      {row.field === 'custom_field' && (
        <Form.Item name={[name, 'key']} rules={[rowRule(form, name, 'key')]} style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 200 }}
            aria-label={labels.customField}
            placeholder={labels.customField}
            options={choices.customFields.map((field) => ({ value: field.key, label: field.label }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name={[name, 'operator']}
        rules={[rowRule(form, name, 'operator')]}
        style={{ marginBottom: 8 }}
      >
        <Select
          style={{ width: 220 }}
          aria-label={labels.operator}
          options={operatorsOf(row.field).map((operator) => ({
            value: operator,
            label: m.operators[operator],
          }))}
          onChange={(operator: SmartTagOperator) => replace(changeOperator(row, operator))}
          data-testid="smart-tag-condition-operator"
        />
      </Form.Item>
      {kindOf(row) !== 'none' && (
        <Form.Item name={[name, 'value']} rules={[rowRule(form, name, 'value')]} style={{ marginBottom: 8 }}>
          {valueInput(row, choices)}
        </Form.Item>
      )}
      {removable && (
        <Tooltip title={labels.removeCondition}>
          <Button
            type="text"
            icon={<MinusCircleOutlined />}
            aria-label={labels.removeCondition}
            onClick={onRemove}
            data-testid="smart-tag-condition-remove"
          />
        </Tooltip>
      )}
    </Flex>
  );
}
