import * as z from 'zod';
import { CUSTOMER_CHANNELS } from '../domain/constants.ts';
import { DATA_PROTECTION_CHANNELS } from '../domain/data-protection.ts';
import { OBJECT_ID_PATTERN } from '../domain/object-id.ts';
import { smartTagMessagesPtBR } from '../i18n/pt-BR.ts';
import {
  SMART_TAG_FIELDS,
  SMART_TAG_MATCHES,
  SMART_TAG_OPERATORS,
  type SmartTagCondition,
  type SmartTagValueKind,
  valueKindOf,
} from './smart-tags.ts';

const m = smartTagMessagesPtBR;

export const MAX_SMART_TAG_CONDITIONS = 20;
const MAX_DAYS = 3650;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isDate = (value: string) => DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(value));

/** Why a value does not fit the operator's kind, or undefined when it does. */
export function valueProblem(
  kind: SmartTagValueKind,
  value: string | number | undefined,
): string | undefined {
  const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
  if (kind === 'none') return blank ? undefined : m.valueNotAllowed;
  if (blank) return m.valueRequired;
  switch (kind) {
    case 'text':
      return undefined;
    case 'number':
      return Number.isFinite(Number(value)) && Number(value) >= 0 ? undefined : m.numberInvalid;
    case 'days': {
      const days = Number(value);
      return Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? undefined : m.daysInvalid;
    }
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : m.dateInvalid;
    case 'channel':
      return (CUSTOMER_CHANNELS as readonly unknown[]).includes(value) ? undefined : m.channelInvalid;
    case 'consent_channel':
      return (DATA_PROTECTION_CHANNELS as readonly unknown[]).includes(value) ? undefined : m.channelInvalid;
    case 'tag':
    case 'wallet':
    case 'tabulation':
      return typeof value === 'string' && OBJECT_ID_PATTERN.test(value) ? undefined : m.idInvalid;
  }
}

/** Numbers and days are kept as numbers, whatever notation the form sent. */
const normalizedValue = (kind: SmartTagValueKind, value: string | number | undefined) => {
  if (kind === 'none' || value === undefined) return undefined;
  return kind === 'number' || kind === 'days' ? Number(value) : String(value).trim();
};

/** One condition; each problem is reported on the sub-field it concerns (conditions.N.value, ...). */
export const smartTagConditionSchema = z
  .object({
    field: z.enum(SMART_TAG_FIELDS, { error: m.fieldInvalid }),
    operator: z.enum(SMART_TAG_OPERATORS, { error: m.operatorInvalid }),
    key: z.string().trim().max(64).optional(),
    value: z.union([z.string().max(200), z.number()]).optional(),
  })
  .superRefine((condition, ctx) => {
    const kind = valueKindOf(condition.field, condition.operator);
    if (!kind) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: m.operatorInvalid });
      return;
    }
    if (condition.field === 'custom_field' && !condition.key) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: m.customFieldRequired });
    }
    const problem = valueProblem(kind, condition.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  })
  .transform((condition): SmartTagCondition => {
    const kind = valueKindOf(condition.field, condition.operator) ?? 'none';
    const value = normalizedValue(kind, condition.value);
    return {
      field: condition.field,
      operator: condition.operator,
      ...(condition.field === 'custom_field' && condition.key ? { key: condition.key } : {}),
      ...(value !== undefined ? { value } : {}),
    };
  });

export const smartTagMatchSchema = z.enum(SMART_TAG_MATCHES, { error: m.fieldInvalid });

export const smartTagConditionsSchema = z
  .array(smartTagConditionSchema, { error: m.conditionsRequired })
  .min(1, m.conditionsRequired)
  .max(MAX_SMART_TAG_CONDITIONS, m.tooManyConditions);

/** A rule as the API and the rule builder take it. */
export const smartTagRuleSchema = z.object({
  match: smartTagMatchSchema.default('all'),
  conditions: smartTagConditionsSchema,
});
