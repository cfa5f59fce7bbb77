import { ptBR } from '@atende/shared/i18n/pt-BR';
import { describe, expect, it } from 'vitest';
import { conditionSummary } from '../components/condition-summary.ts';
import {
  changeField,
  changeOperator,
  conditionError,
  emptyRule,
  kindOf,
  newCondition,
  toBody,
} from './rule-form.ts';

describe('smart tag rule builder', () => {
  it('starts with one condition on the name', () => {
    expect(emptyRule()).toMatchObject({
      match: 'all',
      conditions: [{ field: 'full_name', operator: 'equals' }],
    });
  });

  it('keeps the operator and value when the new field accepts them, and drops them otherwise', () => {
    const row = { field: 'full_name', operator: 'contains', value: 'silva' } as const;
    expect(changeField(row, 'email')).toEqual({ field: 'email', operator: 'contains', value: 'silva' });
    expect(changeField(row, 'conversations_count')).toEqual({
      field: 'conversations_count',
      operator: 'equals',
    });
    expect(changeField(row, 'custom_field')).toMatchObject({ field: 'custom_field', operator: 'contains' });
  });

  it('drops a value the new operator does not take', () => {
    const row = { field: 'last_message_at', operator: 'within_last_days', value: 30 } as const;
    expect(changeOperator(row, 'not_within_last_days')).toEqual({ ...row, operator: 'not_within_last_days' });
    expect(changeOperator(row, 'before')).toEqual({ field: 'last_message_at', operator: 'before' });
    expect(kindOf({ field: 'last_message_at', operator: 'exists' })).toBe('none');
  });

  it('sends only what each condition uses', () => {
    const body = toBody({
      name: 'Sumidos',
      color: '#ff0000',
      match: 'any',
      conditions: [
        { field: 'last_conversation_at', operator: 'not_within_last_days', value: 30 },
        { field: 'email', operator: 'exists', value: 'leftover' },
        { field: 'custom_field', operator: 'equals', key: 'plano', value: '' },
      ],
    });
    expect(body.conditions).toEqual([
      { field: 'last_conversation_at', operator: 'not_within_last_days', value: 30 },
      { field: 'email', operator: 'exists' },
      { field: 'custom_field', operator: 'equals', key: 'plano' },
    ]);
  });

  it('shows the API message on the sub-field at fault', () => {
    expect(conditionError(newCondition('full_name'), 'value')).toBe(ptBR.smartTags.valueRequired);
    expect(conditionError({ field: 'custom_field', operator: 'exists' }, 'key')).toBe(
      ptBR.smartTags.customFieldRequired,
    );
    expect(conditionError({ field: 'created_at', operator: 'within_last_days', value: 0 }, 'value')).toBe(
      ptBR.smartTags.daysInvalid,
    );
    expect(conditionError({ field: 'email', operator: 'exists' }, 'value')).toBeUndefined();
  });
});

describe('smart tag condition summary', () => {
  it('names ids and counts days', () => {
    const names = new Map([['aaaaaaaaaaaaaaaaaaaaaaaa', 'VIP']]);
    expect(
      conditionSummary({ field: 'tags', operator: 'includes', value: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, names),
    ).toBe('Tags inclui VIP');
    expect(
      conditionSummary({ field: 'last_conversation_at', operator: 'not_within_last_days', value: 30 }, names),
    ).toBe('Última conversa não nos últimos 30 dias');
  });
});
