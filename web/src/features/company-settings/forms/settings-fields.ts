import type { SettingsSection } from '@atende/shared/contracts/company/settings';
import { SETTINGS_SECTIONS } from '@atende/shared/contracts/company/settings';
import { LEGAL_BASES } from '@atende/shared/domain/data-protection';
import { SENSITIVE_DATA_MODES } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import * as z from 'zod';

export type FieldKind = 'switch' | 'number' | 'text' | 'textarea' | 'select' | 'department' | 'flow';

export interface SettingsField {
  /** Dotted path inside the section, also the key of its label. */
  path: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  /** Shown only while another field of the section has this value. */
  visibleWhen?: { path: string; equals: unknown };
  min?: number;
  max?: number;
  maxLength?: number;
}

/** Sections edited as plain forms; office hours and holidays have their own editors. */
export type FormSection = Exclude<SettingsSection, 'officeHours' | 'holidays'>;

const options = <K extends string>(values: readonly K[], labels: { readonly [P in K]: string }) =>
  values.map((value) => ({ value, label: labels[value] }));
const labelsOf = ptBR.adminScreens.company.options;

const FIELD_OVERRIDES: Partial<Record<string, Partial<SettingsField>>> = {
  'chatbotForwarding.department': { kind: 'department', visibleWhen: { path: 'enabled', equals: true } },
  'invalidResponses.outcome.kind': {
    kind: 'select',
    options: options(['queue', 'flow', 'department'] as const, labelsOf.outcome),
  },
  'invalidResponses.outcome.flowId': { kind: 'flow', visibleWhen: { path: 'outcome.kind', equals: 'flow' } },
  'invalidResponses.outcome.department': {
    kind: 'department',
    visibleWhen: { path: 'outcome.kind', equals: 'department' },
  },
  'queue.rejectMessage': { visibleWhen: { path: 'outsideOfficeHours', equals: 'reject' } },
  'queue.outsideOfficeHours': { options: options(['keep', 'reject'] as const, labelsOf.outsideOfficeHours) },
  'dataProtection.legal_basis': { options: options(LEGAL_BASES, labelsOf.legalBasis) },
  'dataProtection.sensitive_data_mode': {
    options: options(SENSITIVE_DATA_MODES, labelsOf.sensitiveDataMode),
  },
};

const GRADES = ['1', '2', '3', '4', '5'] as const;

/** Fields whose schema is not a plain object walk: the outcome union and the flow per grade. */
const EXTRA_PATHS: Partial<Record<FormSection, string[]>> = {
  invalidResponses: ['outcome.kind', 'outcome.flowId', 'outcome.department'],
  serviceEvaluation: GRADES.map((grade) => `flowByGrade.${grade}`),
};

const fieldFromSchema = (path: string, schema: z.ZodType): SettingsField | undefined => {
  const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  if (inner instanceof z.ZodBoolean) return { path, kind: 'switch' };
  if (inner instanceof z.ZodNumber)
    return { path, kind: 'number', min: inner.minValue ?? undefined, max: inner.maxValue ?? undefined };
  if (inner instanceof z.ZodEnum) return { path, kind: 'select' };
  if (inner instanceof z.ZodString) {
    const maxLength = inner.maxLength ?? undefined;
    return { path, kind: (maxLength ?? 0) >= 500 ? 'textarea' : 'text', maxLength };
  }
  return undefined;
};

const walk = (schema: z.ZodType, prefix: string): SettingsField[] => {
  if (!(schema instanceof z.ZodObject)) {
    const field = fieldFromSchema(prefix, schema);
    return field ? [field] : [];
  }
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
    walk(child, prefix ? `${prefix}.${key}` : key),
  );
};

/** The fields of a section, read from the contract schema so kinds and ranges match what the API checks. */
export function sectionFields(section: FormSection): SettingsField[] {
  const extra = EXTRA_PATHS[section] ?? [];
  const walked = walk(SETTINGS_SECTIONS[section], '').filter(
    (field) => !extra.some((path) => field.path === path.split('.')[0]),
  );
  const extraFields = extra.map((path): SettingsField => ({ path, kind: 'flow' }));
  return [...walked, ...extraFields].map((field) => ({
    ...field,
    ...FIELD_OVERRIDES[`${section}.${field.path}`],
  }));
}

/** Spec point 5: a missing value says 'Obrigatório'; a number outside the contract range says which range. */
export function numberFieldError(value: unknown, min?: number, max?: number): string | undefined {
  if (value === undefined || value === null || value === '') return ptBR.forms.required;
  if (typeof value !== 'number' || !Number.isInteger(value)) return ptBR.admin.invalidField;
  if ((min !== undefined && value < min) || (max !== undefined && value > max))
    return interpolate(ptBR.adminScreens.common.outOfRange, { min: min ?? '', max: max ?? '' });
  return undefined;
}

export const requiredFieldError = (value: unknown): string | undefined =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? ptBR.forms.requiredField
    : undefined;

/** A contract issue in pt-BR: zod's own range and type messages are replaced by the screen's. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const common = ptBR.adminScreens.common;
  if (issue.code === 'invalid_type') return ptBR.forms.required;
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (issue.origin === 'string')
      return min <= 1 ? ptBR.forms.requiredField : interpolate(common.minLength, { min });
    return interpolate(common.minValue, { min });
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return interpolate(issue.origin === 'string' ? common.maxLength : common.maxValue, { max });
  }
  return issue.message;
}

export const isVisible = (field: SettingsField, values: Record<string, unknown>): boolean => {
  if (!field.visibleWhen) return true;
  const actual = field.visibleWhen.path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
  return actual === field.visibleWhen.equals;
};

/** The section as the contract wants it: hidden branches of the outcome union are dropped, empty flows removed. */
export function sectionPatch(section: FormSection, values: Record<string, unknown>): Record<string, unknown> {
  if (section === 'invalidResponses') {
    const outcome = (values.outcome ?? {}) as { kind?: string; flowId?: string; department?: string };
    const picked =
      outcome.kind === 'flow'
        ? { kind: 'flow', flowId: outcome.flowId }
        : outcome.kind === 'department'
          ? { kind: 'department', department: outcome.department }
          : { kind: 'queue' };
    return { ...values, outcome: picked };
  }
  if (section === 'serviceEvaluation') {
    const grades = (values.flowByGrade ?? {}) as Record<string, string | undefined>;
    const flowByGrade = Object.fromEntries(Object.entries(grades).filter(([, flow]) => Boolean(flow)));
    return { ...values, flowByGrade };
  }
  return values;
}

/** Validates a section against its contract schema; errors come back per field path, in pt-BR. */
export function sectionErrors(section: SettingsSection, patch: unknown): Map<string, string> {
  const parsed = SETTINGS_SECTIONS[section].safeParse(patch);
  const errors = new Map<string, string>();
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!errors.has(path)) errors.set(path, issueMessage(issue));
  }
  return errors;
}
