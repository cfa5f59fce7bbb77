import { describe, expect, it } from 'vitest';
import { faqRole, type FaqContext } from './faq.ts';

const ME = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const team = (lists: Partial<Record<'admins' | 'managers' | 'creators', string[]>>) => ({
  faqModule: { mode: 'team' as const, admins: [], managers: [], creators: [], ...lists },
});

const cases: { clause: string; ctx: FaqContext; expected: string | undefined }[] = [
  {
    clause: 'module must be enabled',
    ctx: { role: 'admin', employeeId: ME, company: { modules: {} } },
    expected: undefined,
  },
  {
    clause: 'normal mode: company admin is FAQ admin',
    ctx: { role: 'admin', employeeId: ME, company: { modules: { faq: 1 } } },
    expected: 'admin',
  },
  {
    clause: 'normal mode: only admin (manager has no FAQ role)',
    ctx: { role: 'manager', employeeId: ME, company: { modules: { faq: 1 } } },
    expected: undefined,
  },
  {
    clause: 'team mode: admins list',
    ctx: {
      role: 'operator',
      employeeId: ME,
      company: { modules: { faq: 1 }, settings: team({ admins: [ME] }) },
    },
    expected: 'admin',
  },
  {
    clause: 'team mode: managers list',
    ctx: {
      role: 'operator',
      employeeId: ME,
      company: { modules: { faq: 1 }, settings: team({ managers: [ME] }) },
    },
    expected: 'manager',
  },
  {
    clause: 'team mode: creators list',
    ctx: {
      role: 'admin',
      employeeId: ME,
      company: { modules: { faq: 1 }, settings: team({ creators: [ME] }) },
    },
    expected: 'creator',
  },
  {
    clause: 'team mode: company role does not count',
    ctx: { role: 'admin', employeeId: ME, company: { modules: { faq: 1 }, settings: team({}) } },
    expected: undefined,
  },
];

describe('faqRole (spec point 5, FAQ)', () => {
  it.each(cases)('$clause', ({ ctx, expected }) => {
    expect(faqRole(ctx)).toBe(expected);
  });
});
