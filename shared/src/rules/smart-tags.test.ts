import { describe, expect, it } from 'vitest';
import { ptBR } from '../i18n/pt-BR.ts';
import {
  isTimeRelative,
  matchesSmartTag,
  needsActivity,
  NO_ACTIVITY,
  operatorsOf,
  type SmartTagActivity,
  type SmartTagCondition,
  type SmartTagContact,
} from './smart-tags.ts';
import { smartTagConditionSchema, smartTagRuleSchema } from './smart-tags-schema.ts';

const NOW = new Date('2026-03-31T12:00:00.000Z');
const VIP = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const LEAD = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const WALLET = 'cccccccccccccccccccccccc';
const TABULATION = 'dddddddddddddddddddddddd';

const contact: SmartTagContact = {
  full_name: 'João da Silva',
  email: 'joao@example.com',
  cel_phone: '+5511987654321',
  channel: 'whatsapp',
  tags: [VIP],
  wallet: WALLET,
  custom_fields: { plano: 'Ouro', pontos: 120, aniversario: '1990-05-10' },
  created_at: '2026-03-01T10:00:00.000Z',
  data_protection: { channels: [{ channel: 'whatsapp', status: 'opt_in' }] },
};

const activity: SmartTagActivity = {
  conversations_count: 3,
  last_conversation_at: '2026-03-20T09:00:00.000Z',
  last_message_at: '2026-03-21T09:00:00.000Z',
  last_tabulation: TABULATION,
};

const holds = (condition: SmartTagCondition, who: SmartTagContact = contact, act = activity) =>
  matchesSmartTag({ match: 'all', conditions: [condition] }, who, act, NOW);

describe('smart tag conditions over contact fields', () => {
  it.each<[SmartTagCondition, boolean]>([
    [{ field: 'full_name', operator: 'contains', value: 'joao' }, true],
    [{ field: 'full_name', operator: 'starts_with', value: 'JOÃO D' }, true],
    [{ field: 'full_name', operator: 'equals', value: 'joão' }, false],
    [{ field: 'full_name', operator: 'not_contains', value: 'souza' }, true],
    [{ field: 'email', operator: 'equals', value: 'JOAO@example.com' }, true],
    [{ field: 'email', operator: 'not_equals', value: 'outro@example.com' }, true],
    [{ field: 'cel_phone', operator: 'starts_with', value: '+55 11' }, true],
    [{ field: 'cel_phone', operator: 'equals', value: '(55) 11 98765-4321' }, true],
    [{ field: 'cel_phone', operator: 'exists' }, true],
    [{ field: 'channel', operator: 'equals', value: 'whatsapp' }, true],
    [{ field: 'channel', operator: 'not_equals', value: 'whatsapp' }, false],
    [{ field: 'tags', operator: 'includes', value: VIP }, true],
    [{ field: 'tags', operator: 'includes', value: LEAD }, false],
    [{ field: 'tags', operator: 'excludes', value: LEAD }, true],
    [{ field: 'tags', operator: 'not_exists' }, false],
    [{ field: 'wallet', operator: 'equals', value: WALLET }, true],
    [{ field: 'wallet', operator: 'not_exists' }, false],
    [{ field: 'custom_field', key: 'plano', operator: 'equals', value: 'ouro' }, true],
    [{ field: 'custom_field', key: 'pontos', operator: 'greater_or_equal', value: 100 }, true],
    [{ field: 'custom_field', key: 'pontos', operator: 'less_or_equal', value: 100 }, false],
    [{ field: 'custom_field', key: 'aniversario', operator: 'before', value: '2000-01-01' }, true],
    [{ field: 'custom_field', key: 'ausente', operator: 'not_exists' }, true],
    [{ field: 'custom_field', key: 'ausente', operator: 'greater_or_equal', value: 0 }, false],
    [{ field: 'created_at', operator: 'within_last_days', value: 31 }, true],
    [{ field: 'created_at', operator: 'within_last_days', value: 7 }, false],
    [{ field: 'created_at', operator: 'after', value: '2026-02-28' }, true],
    [{ field: 'created_at', operator: 'before', value: '2026-03-01' }, false],
    [{ field: 'opt_in', operator: 'includes', value: 'whatsapp' }, true],
    [{ field: 'opt_in', operator: 'includes', value: 'email' }, false],
    [{ field: 'opt_in', operator: 'exists' }, true],
  ])('%o → %s', (condition, expected) => {
    expect(holds(condition)).toBe(expected);
  });

  it('treats a missing field as not matching equals but matching its negations', () => {
    const bare: SmartTagContact = { ...contact, email: undefined, wallet: null, tags: [] };
    expect(holds({ field: 'email', operator: 'equals', value: 'x@y.z' }, bare)).toBe(false);
    expect(holds({ field: 'email', operator: 'not_contains', value: 'x' }, bare)).toBe(true);
    expect(holds({ field: 'email', operator: 'not_exists' }, bare)).toBe(true);
    expect(holds({ field: 'wallet', operator: 'not_equals', value: WALLET }, bare)).toBe(true);
    expect(holds({ field: 'tags', operator: 'not_exists' }, bare)).toBe(true);
  });
});

describe('smart tag conditions over activity', () => {
  it('"no contact in the last N days" holds for a contact never contacted or contacted long ago', () => {
    const quiet: SmartTagCondition = {
      field: 'last_conversation_at',
      operator: 'not_within_last_days',
      value: 30,
    };
    expect(holds(quiet, contact, NO_ACTIVITY)).toBe(true);
    expect(holds(quiet, contact, { ...activity, last_conversation_at: '2026-02-01T00:00:00.000Z' })).toBe(
      true,
    );
    expect(holds(quiet)).toBe(false);
  });

  it('counts conversations and reads the last message and tabulation', () => {
    expect(holds({ field: 'conversations_count', operator: 'greater_or_equal', value: 3 })).toBe(true);
    expect(holds({ field: 'conversations_count', operator: 'greater_or_equal', value: 4 })).toBe(false);
    expect(holds({ field: 'conversations_count', operator: 'equals', value: 0 }, contact, NO_ACTIVITY)).toBe(
      true,
    );
    expect(holds({ field: 'last_message_at', operator: 'within_last_days', value: 11 })).toBe(true);
    expect(holds({ field: 'last_message_at', operator: 'after', value: '2026-03-21' })).toBe(false);
    expect(holds({ field: 'last_tabulation', operator: 'equals', value: TABULATION })).toBe(true);
    expect(holds({ field: 'last_tabulation', operator: 'exists' }, contact, NO_ACTIVITY)).toBe(false);
  });

  it('moves a contact out of "contacted in the last 7 days" as days pass', () => {
    const recent = {
      match: 'all',
      conditions: [{ field: 'last_message_at', operator: 'within_last_days', value: 7 }],
    } as const;
    expect(matchesSmartTag(recent, contact, activity, new Date('2026-03-25T00:00:00.000Z'))).toBe(true);
    expect(matchesSmartTag(recent, contact, activity, new Date('2026-04-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('matching all or any condition', () => {
  const conditions: SmartTagCondition[] = [
    { field: 'tags', operator: 'includes', value: VIP },
    { field: 'channel', operator: 'equals', value: 'email' },
  ];

  it('needs every condition for "all" and one for "any"', () => {
    expect(matchesSmartTag({ match: 'all', conditions }, contact, activity, NOW)).toBe(false);
    expect(matchesSmartTag({ match: 'any', conditions }, contact, activity, NOW)).toBe(true);
  });

  it('never matches without conditions', () => {
    expect(matchesSmartTag({ match: 'any', conditions: [] }, contact, activity, NOW)).toBe(false);
  });

  it('tells which rules read activity and which change with time alone', () => {
    expect(needsActivity({ match: 'all', conditions })).toBe(false);
    const quiet = { field: 'last_conversation_at', operator: 'not_within_last_days', value: 30 } as const;
    expect(needsActivity({ match: 'all', conditions: [...conditions, quiet] })).toBe(true);
    expect(isTimeRelative({ match: 'all', conditions: [quiet] })).toBe(true);
    expect(
      isTimeRelative({
        match: 'all',
        conditions: [{ field: 'created_at', operator: 'after', value: '2026-01-01' }],
      }),
    ).toBe(false);
  });

  it('offers per field only the operators that make sense for it', () => {
    expect(operatorsOf('channel')).toEqual(['equals', 'not_equals']);
    expect(operatorsOf('conversations_count')).not.toContain('contains');
    expect(operatorsOf('last_conversation_at')).toContain('not_within_last_days');
  });
});

describe('smart tag rule schema (pt-BR messages on the offending sub-field)', () => {
  const issue = (value: unknown) => {
    const result = smartTagRuleSchema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    const first = result.error.issues[0];
    return { path: first?.path.join('.'), message: first?.message };
  };

  it('requires at least one condition', () => {
    expect(issue({ match: 'all', conditions: [] })).toEqual({
      path: 'conditions',
      message: ptBR.smartTags.conditionsRequired,
    });
  });

  it('refuses an operator the field does not have', () => {
    expect(issue({ conditions: [{ field: 'channel', operator: 'contains', value: 'x' }] })).toEqual({
      path: 'conditions.0.operator',
      message: ptBR.smartTags.operatorInvalid,
    });
  });

  it('checks each value against its operator', () => {
    expect(issue({ conditions: [{ field: 'full_name', operator: 'contains' }] })).toEqual({
      path: 'conditions.0.value',
      message: ptBR.smartTags.valueRequired,
    });
    expect(
      issue({ conditions: [{ field: 'last_conversation_at', operator: 'within_last_days', value: 0 }] }),
    ).toEqual({ path: 'conditions.0.value', message: ptBR.smartTags.daysInvalid });
    expect(issue({ conditions: [{ field: 'created_at', operator: 'before', value: '31/03/2026' }] })).toEqual(
      {
        path: 'conditions.0.value',
        message: ptBR.smartTags.dateInvalid,
      },
    );
    expect(issue({ conditions: [{ field: 'tags', operator: 'includes', value: 'vip' }] })).toEqual({
      path: 'conditions.0.value',
      message: ptBR.smartTags.idInvalid,
    });
    expect(issue({ conditions: [{ field: 'custom_field', operator: 'exists' }] })).toEqual({
      path: 'conditions.0.key',
      message: ptBR.smartTags.customFieldRequired,
    });
  });

  it('keeps numbers as numbers and drops values an operator does not use', () => {
    expect(
      smartTagConditionSchema.parse({
        field: 'conversations_count',
        operator: 'greater_or_equal',
        value: '5',
      }),
    ).toEqual({ field: 'conversations_count', operator: 'greater_or_equal', value: 5 });
    expect(smartTagConditionSchema.parse({ field: 'email', operator: 'exists', value: '' })).toEqual({
      field: 'email',
      operator: 'exists',
    });
    expect(smartTagRuleSchema.parse({ conditions: [{ field: 'tags', operator: 'exists' }] }).match).toBe(
      'all',
    );
  });
});
