import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import {
  operatorsOf,
  type SmartTagField,
  type SmartTagOperator,
  type SmartTagValueKind,
  valueKindOf,
} from '@atende/shared/rules/smart-tags';
import { smartTagConditionSchema } from '@atende/shared/rules/smart-tags-schema';
import type { SmartTagInput } from '../api/smart-tags-api.ts';

/** One row of the rule builder, as the antd form holds it. */
export interface ConditionRow {
  field: SmartTagField;
  operator: SmartTagOperator;
  key?: string | undefined;
  value?: string | number | null | undefined;
}

export interface RuleFormValues {
  name: string;
  color: string;
  match: 'all' | 'any';
  conditions: ConditionRow[];
}

export const DEFAULT_COLOR = '#1677ff';

export const newCondition = (field: SmartTagField = 'full_name'): ConditionRow => ({
  field,
  operator: operatorsOf(field)[0] as SmartTagOperator,
});

export const emptyRule = (): RuleFormValues => ({
  name: '',
  color: DEFAULT_COLOR,
  match: 'all',
  conditions: [newCondition()],
});

export const toFormValues = (tag: SmartTagView): RuleFormValues => ({
  name: tag.name,
  color: tag.color,
  match: tag.match,
  conditions: tag.conditions.map((condition) => ({ ...condition })),
});

/**
 * A row after its field changed: the operator stays when the new field has it, else the field's first one; a
 * value of another kind is dropped.
 */
export function changeField(row: ConditionRow, field: SmartTagField): ConditionRow {
  const operators = operatorsOf(field);
  const operator = operators.includes(row.operator) ? row.operator : (operators[0] as SmartTagOperator);
  const keepValue = valueKindOf(row.field, row.operator) === valueKindOf(field, operator);
  return {
    field,
    operator,
    ...(field === 'custom_field' ? { key: row.key } : {}),
    ...(keepValue ? { value: row.value } : {}),
  };
}

/** A row after its operator changed: a value of another kind is dropped. */
export function changeOperator(row: ConditionRow, operator: SmartTagOperator): ConditionRow {
  const keepValue = valueKindOf(row.field, row.operator) === valueKindOf(row.field, operator);
  const { value, ...rest } = row;
  return { ...rest, operator, ...(keepValue ? { value } : {}) };
}

export const kindOf = (row: Pick<ConditionRow, 'field' | 'operator'>): SmartTagValueKind =>
  valueKindOf(row.field, row.operator) ?? 'none';

/** The body the API takes: empty values left out. */
export function toBody(values: RuleFormValues): SmartTagInput {
  return {
    name: values.name,
    color: values.color,
    match: values.match,
    conditions: values.conditions.map((row) => ({
      field: row.field,
      operator: row.operator,
      ...(row.field === 'custom_field' && row.key ? { key: row.key } : {}),
      ...(row.value !== undefined && row.value !== null && row.value !== '' && kindOf(row) !== 'none'
        ? { value: row.value }
        : {}),
    })),
  };
}

/** The pt-BR message of a row's problem on one of its sub-fields, as the API would answer it. */
export function conditionError(row: ConditionRow, part: 'operator' | 'key' | 'value'): string | undefined {
  const [condition] = toBody({ name: '', color: '', match: 'all', conditions: [row] }).conditions;
  const parsed = smartTagConditionSchema.safeParse(condition);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === part)?.message;
}
