/**
 * Smart tags (issue 7): a rule over a contact's fields and activity. A contact belongs to a smart tag while the
 * rule holds; the server keeps the membership up to date, the rule builder offers the same fields and operators.
 */

export const SMART_TAG_FIELDS = [
  'full_name',
  'email',
  'cel_phone',
  'channel',
  'tags',
  'wallet',
  'custom_field',
  'created_at',
  'opt_in',
  'last_conversation_at',
  'last_message_at',
  'conversations_count',
  'last_tabulation',
] as const;
export type SmartTagField = (typeof SMART_TAG_FIELDS)[number];

export const SMART_TAG_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'exists',
  'not_exists',
  'includes',
  'excludes',
  'before',
  'after',
  'within_last_days',
  'not_within_last_days',
  'greater_or_equal',
  'less_or_equal',
] as const;
export type SmartTagOperator = (typeof SMART_TAG_OPERATORS)[number];

export const SMART_TAG_MATCHES = ['all', 'any'] as const;
export type SmartTagMatch = (typeof SMART_TAG_MATCHES)[number];

/** What an operator compares against: nothing, free text, a number, a count of days, a date or an id. */
export type SmartTagValueKind =
  | 'none'
  | 'text'
  | 'number'
  | 'days'
  | 'date'
  | 'channel'
  | 'tag'
  | 'wallet'
  | 'tabulation'
  | 'consent_channel';

type OperatorKinds = Partial<Record<SmartTagOperator, SmartTagValueKind>>;

const TEXT: OperatorKinds = {
  equals: 'text',
  not_equals: 'text',
  contains: 'text',
  not_contains: 'text',
  starts_with: 'text',
  exists: 'none',
  not_exists: 'none',
};

const MOMENT: OperatorKinds = {
  within_last_days: 'days',
  not_within_last_days: 'days',
  before: 'date',
  after: 'date',
};

const ID = (kind: SmartTagValueKind): OperatorKinds => ({
  equals: kind,
  not_equals: kind,
  exists: 'none',
  not_exists: 'none',
});

/** The operators each field accepts and the kind of value each one takes. */
export const SMART_TAG_OPERATORS_BY_FIELD: Readonly<Record<SmartTagField, OperatorKinds>> = {
  full_name: TEXT,
  email: TEXT,
  cel_phone: TEXT,
  channel: { equals: 'channel', not_equals: 'channel' },
  tags: { includes: 'tag', excludes: 'tag', exists: 'none', not_exists: 'none' },
  wallet: ID('wallet'),
  custom_field: {
    ...TEXT,
    greater_or_equal: 'number',
    less_or_equal: 'number',
    before: 'date',
    after: 'date',
  },
  created_at: MOMENT,
  opt_in: { includes: 'consent_channel', excludes: 'consent_channel', exists: 'none', not_exists: 'none' },
  last_conversation_at: { ...MOMENT, exists: 'none', not_exists: 'none' },
  last_message_at: { ...MOMENT, exists: 'none', not_exists: 'none' },
  conversations_count: { equals: 'number', greater_or_equal: 'number', less_or_equal: 'number' },
  last_tabulation: ID('tabulation'),
};

export const operatorsOf = (field: SmartTagField): SmartTagOperator[] =>
  Object.keys(SMART_TAG_OPERATORS_BY_FIELD[field]) as SmartTagOperator[];

export const valueKindOf = (
  field: SmartTagField,
  operator: SmartTagOperator,
): SmartTagValueKind | undefined => SMART_TAG_OPERATORS_BY_FIELD[field][operator];

export interface SmartTagCondition {
  field: SmartTagField;
  operator: SmartTagOperator;
  /** The custom field's key (field custom_field only). */
  key?: string | undefined;
  value?: string | number | undefined;
}

export interface SmartTagRule {
  match: SmartTagMatch;
  conditions: readonly SmartTagCondition[];
}

/** The contact fields a rule reads (the stored contact has them all). */
export interface SmartTagContact {
  full_name: string;
  email?: string | undefined;
  cel_phone?: string | undefined;
  channel: string;
  tags: readonly string[];
  wallet: string | null;
  custom_fields: Readonly<Record<string, string | number | null>>;
  created_at: string;
  data_protection: { channels: readonly { channel: string; status: string }[] };
}

/** The contact's conversations, read only when a rule looks at them. */
export interface SmartTagActivity {
  conversations_count: number;
  last_conversation_at: string | null;
  last_message_at: string | null;
  /** Tabulation id of the latest closed conversation. */
  last_tabulation: string | null;
}

export const NO_ACTIVITY: SmartTagActivity = {
  conversations_count: 0,
  last_conversation_at: null,
  last_message_at: null,
  last_tabulation: null,
};

const ACTIVITY_FIELDS: ReadonlySet<SmartTagField> = new Set([
  'last_conversation_at',
  'last_message_at',
  'conversations_count',
  'last_tabulation',
]);

/** Whether evaluating the rule needs the contact's conversations (a few reads per contact). */
export const needsActivity = (rule: SmartTagRule): boolean =>
  rule.conditions.some((condition) => ACTIVITY_FIELDS.has(condition.field));

/** Whether the rule's answer changes with the passing of time alone ("no contact in the last 30 days"). */
export const isTimeRelative = (rule: SmartTagRule): boolean =>
  rule.conditions.some(
    (condition) => condition.operator === 'within_last_days' || condition.operator === 'not_within_last_days',
  );

const DAY_MS = 86_400_000;

/** Lowercase and accentless, so "João" equals "joao". */
export const foldValue = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** A phone compares by its digits, whatever notation the rule was written in. */
const digitsOr = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return digits || foldValue(value);
};

function compareText(
  operator: SmartTagOperator,
  actual: string | undefined,
  expected: string,
  fold: (v: string) => string,
) {
  const present = actual !== undefined && actual.trim() !== '';
  if (operator === 'exists') return present;
  if (operator === 'not_exists') return !present;
  const a = present ? fold(actual) : '';
  const e = fold(expected);
  switch (operator) {
    case 'equals':
      return present && a === e;
    case 'not_equals':
      return !present || a !== e;
    case 'contains':
      return present && a.includes(e);
    case 'not_contains':
      return !present || !a.includes(e);
    case 'starts_with':
      return present && a.startsWith(e);
    default:
      return false;
  }
}

const dayOf = (value: string): string | undefined => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
};

function compareMoment(
  operator: SmartTagOperator,
  actual: string | null | undefined,
  value: string | number | undefined,
  now: Date,
) {
  const time = actual ? Date.parse(actual) : Number.NaN;
  const known = !Number.isNaN(time);
  switch (operator) {
    case 'exists':
      return known;
    case 'not_exists':
      return !known;
    case 'within_last_days':
      return known && now.getTime() - time <= Number(value) * DAY_MS;
    case 'not_within_last_days':
      return !known || now.getTime() - time > Number(value) * DAY_MS;
    case 'before':
    case 'after': {
      const day = known ? new Date(time).toISOString().slice(0, 10) : undefined;
      const limit = typeof value === 'string' ? dayOf(value) : undefined;
      if (!day || !limit) return false;
      return operator === 'before' ? day < limit : day > limit;
    }
    default:
      return false;
  }
}

function compareNumber(operator: SmartTagOperator, actual: number | undefined, expected: number) {
  if (actual === undefined || Number.isNaN(actual)) return false;
  if (operator === 'equals') return actual === expected;
  if (operator === 'greater_or_equal') return actual >= expected;
  if (operator === 'less_or_equal') return actual <= expected;
  return false;
}

function compareId(operator: SmartTagOperator, actual: string | null, expected: string | number | undefined) {
  if (operator === 'exists') return actual !== null;
  if (operator === 'not_exists') return actual === null;
  if (operator === 'equals') return actual === expected;
  if (operator === 'not_equals') return actual !== expected;
  return false;
}

function compareCustom(condition: SmartTagCondition, contact: SmartTagContact, now: Date): boolean {
  const raw = contact.custom_fields[condition.key ?? ''];
  const actual = raw === null || raw === undefined ? undefined : String(raw);
  const kind = valueKindOf('custom_field', condition.operator);
  if (kind === 'number') {
    const number = actual === undefined || actual.trim() === '' ? undefined : Number(actual);
    return compareNumber(condition.operator, number, Number(condition.value));
  }
  if (kind === 'date') return compareMoment(condition.operator, actual, condition.value, now);
  return compareText(condition.operator, actual, String(condition.value ?? ''), foldValue);
}

function compareOptIn(operator: SmartTagOperator, contact: SmartTagContact, value: unknown) {
  const opted = contact.data_protection.channels
    .filter((entry) => entry.status === 'opt_in')
    .map((entry) => entry.channel);
  if (operator === 'exists') return opted.length > 0;
  if (operator === 'not_exists') return opted.length === 0;
  if (operator === 'includes') return opted.includes(String(value));
  if (operator === 'excludes') return !opted.includes(String(value));
  return false;
}

/** Whether one condition holds for the contact at `now`. */
export function conditionHolds(
  condition: SmartTagCondition,
  contact: SmartTagContact,
  activity: SmartTagActivity,
  now: Date,
): boolean {
  const { operator, value } = condition;
  const text = String(value ?? '');
  switch (condition.field) {
    case 'full_name':
    case 'email':
      return compareText(operator, contact[condition.field], text, foldValue);
    case 'cel_phone':
      return compareText(operator, contact.cel_phone, text, digitsOr);
    case 'channel':
      return operator === 'equals' ? contact.channel === text : contact.channel !== text;
    case 'tags':
      if (operator === 'exists') return contact.tags.length > 0;
      if (operator === 'not_exists') return contact.tags.length === 0;
      return operator === 'includes' ? contact.tags.includes(text) : !contact.tags.includes(text);
    case 'wallet':
      return compareId(operator, contact.wallet, value);
    case 'custom_field':
      return compareCustom(condition, contact, now);
    case 'created_at':
      return compareMoment(operator, contact.created_at || undefined, value, now);
    case 'opt_in':
      return compareOptIn(operator, contact, value);
    case 'last_conversation_at':
      return compareMoment(operator, activity.last_conversation_at, value, now);
    case 'last_message_at':
      return compareMoment(operator, activity.last_message_at, value, now);
    case 'conversations_count':
      return compareNumber(operator, activity.conversations_count, Number(value));
    case 'last_tabulation':
      return compareId(operator, activity.last_tabulation, value);
  }
}

/** Whether the contact belongs to the smart tag: every condition ('all') or at least one ('any'). */
export function matchesSmartTag(
  rule: SmartTagRule,
  contact: SmartTagContact,
  activity: SmartTagActivity = NO_ACTIVITY,
  now: Date = new Date(),
): boolean {
  if (rule.conditions.length === 0) return false;
  const holds = (condition: SmartTagCondition) => conditionHolds(condition, contact, activity, now);
  return rule.match === 'all' ? rule.conditions.every(holds) : rule.conditions.some(holds);
}
