import { describe, expect, it } from 'vitest';
import type { AccessRule } from '../contracts/types.ts';
import { PLAN_FEATURES, ROLLOUTS } from '../domain/features.ts';
import {
  canSeeMenuItem,
  decideAccess,
  hasPlanFeature,
  planGatingEnabled,
  type AccessContext,
  type AccessDecision,
} from './access.ts';

const EMPLOYEE = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const GATING = [ROLLOUTS.planAccessControl];

type Overrides = Partial<Omit<AccessContext, 'company'>> & { company?: Partial<AccessContext['company']> };

function ctx(over: Overrides = {}): AccessContext {
  return {
    role: over.role ?? 'admin',
    employeeId: over.employeeId ?? EMPLOYEE,
    rollouts: over.rollouts ?? [],
    planFeatures: over.planFeatures,
    company: { account_type: 'professional', modules: {}, permissions: {}, ...over.company },
  };
}

const allow: AccessDecision = { allowed: true };
const toError: AccessDecision = { allowed: false, redirect: '/error' };
const toHome: AccessDecision = { allowed: false, redirect: '/app/home' };

const cases: {
  clause: string;
  rule: AccessRule | undefined;
  ctx: AccessContext;
  expected: AccessDecision;
}[] = [
  { clause: 'no rule: any employee', rule: undefined, ctx: ctx({ role: 'operator' }), expected: allow },
  {
    clause: "role 'all' admits every role",
    rule: { roles: 'all' },
    ctx: ctx({ role: 'operator' }),
    expected: allow,
  },
  {
    clause: 'role must equal the rule',
    rule: { roles: ['admin'] },
    ctx: ctx({ role: 'admin' }),
    expected: allow,
  },
  {
    clause: 'wrong role goes to /error',
    rule: { roles: ['admin'] },
    ctx: ctx({ role: 'manager' }),
    expected: toError,
  },
  {
    clause: 'restricted plan types send other plans to /app/home',
    rule: { plans: ['advanced', 'professional'] },
    ctx: ctx({ company: { account_type: 'essential' } }),
    expected: toHome,
  },
  {
    clause: 'a listed plan passes',
    rule: { plans: ['advanced', 'professional'] },
    ctx: ctx({ company: { account_type: 'advanced' } }),
    expected: allow,
  },
  {
    clause: 'wrong role is checked before the plan',
    rule: { roles: ['admin'], plans: ['professional'] },
    ctx: ctx({ role: 'operator', company: { account_type: 'basic' } }),
    expected: toError,
  },
  {
    clause: 'missing plan feature goes to /error (gating on)',
    rule: { planFeatures: [PLAN_FEATURES.webhooks] },
    ctx: ctx({ rollouts: GATING, planFeatures: [PLAN_FEATURES.smartTags] }),
    expected: toError,
  },
  {
    clause: 'plan features are any of',
    rule: { planFeatures: [PLAN_FEATURES.webhooks, PLAN_FEATURES.smartTags] },
    ctx: ctx({ rollouts: GATING, planFeatures: [PLAN_FEATURES.smartTags] }),
    expected: allow,
  },
  {
    clause: 'gating off allows every plan feature',
    rule: { planFeatures: [PLAN_FEATURES.webhooks] },
    ctx: ctx({ planFeatures: undefined }),
    expected: allow,
  },
  {
    clause: 'gating on with no stored features allows none',
    rule: { planFeatures: [PLAN_FEATURES.webhooks] },
    ctx: ctx({ rollouts: GATING, planFeatures: undefined }),
    expected: toError,
  },
  {
    clause: 'route modules: one of the listed modules enabled (value 1)',
    rule: { modules: ['faq', 'academy'] },
    ctx: ctx({ company: { modules: { faq: 0, academy: 1 } } }),
    expected: allow,
  },
  {
    clause: 'route modules: none enabled goes to /error',
    rule: { modules: ['faq'] },
    ctx: ctx({ company: { modules: { faq: 2 } } }),
    expected: toError,
  },
  {
    clause: 'under the manager rollout, a manager without the company permission flag goes to /app/home',
    rule: { companyPermission: 'manage_automation' },
    ctx: ctx({ role: 'manager', rollouts: [ROLLOUTS.manager] }),
    expected: toHome,
  },
  {
    clause: 'under the profile-manager rollout too',
    rule: { companyPermission: 'manage_automation' },
    ctx: ctx({ role: 'manager', rollouts: [ROLLOUTS.profileManager] }),
    expected: toHome,
  },
  {
    clause: 'without either rollout, a manager passes on role alone (legacy)',
    rule: { companyPermission: 'manage_automation' },
    ctx: ctx({ role: 'manager' }),
    expected: allow,
  },
  {
    clause: 'manager with the company permission flag passes',
    rule: { companyPermission: 'manage_automation' },
    ctx: ctx({
      role: 'manager',
      rollouts: [ROLLOUTS.manager],
      company: { permissions: { manage_automation: true } },
    }),
    expected: allow,
  },
  {
    clause: 'the company permission binds managers only',
    rule: { companyPermission: 'manage_automation' },
    ctx: ctx({ role: 'admin' }),
    expected: allow,
  },
  {
    clause: 'operators reach reports only with display_report_base_to_operators',
    rule: { operatorPermission: 'display_report_base_to_operators' },
    ctx: ctx({ role: 'operator' }),
    expected: toHome,
  },
  {
    clause: 'operators with display_report_base_to_operators reach reports',
    rule: { operatorPermission: 'display_report_base_to_operators' },
    ctx: ctx({ role: 'operator', company: { permissions: { display_report_base_to_operators: true } } }),
    expected: allow,
  },
  {
    clause: 'an operator needs every listed operator permission: export flag without the display flag',
    rule: { operatorPermission: ['display_report_base_to_operators', 'export_report_base_to_operators'] },
    ctx: ctx({ role: 'operator', company: { permissions: { export_report_base_to_operators: true } } }),
    expected: toHome,
  },
  {
    clause: 'an operator with every listed operator permission passes',
    rule: { operatorPermission: ['display_report_base_to_operators', 'export_report_base_to_operators'] },
    ctx: ctx({
      role: 'operator',
      company: {
        permissions: { display_report_base_to_operators: true, export_report_base_to_operators: true },
      },
    }),
    expected: allow,
  },
  {
    clause: 'per-route permission is checked by role under the manager rollout',
    rule: { permission: 'campaign:module' },
    ctx: ctx({ role: 'operator', rollouts: [ROLLOUTS.manager] }),
    expected: toHome,
  },
  {
    clause: 'per-route permission: a legacy company permission grants it',
    rule: { permission: 'campaign:module' },
    ctx: ctx({
      role: 'operator',
      rollouts: [ROLLOUTS.profileManager],
      company: { permissions: { 'campaign:module': true } },
    }),
    expected: allow,
  },
  {
    clause: 'per-route permission is not checked without the permission rollouts',
    rule: { permission: 'campaign:module' },
    ctx: ctx({ role: 'operator' }),
    expected: allow,
  },
  {
    clause: 'a rollout required by the route goes to /error when absent',
    rule: { rollouts: [ROLLOUTS.customFields] },
    ctx: ctx(),
    expected: toError,
  },
  {
    clause: 'a rollout required by the route passes when enabled',
    rule: { rollouts: [ROLLOUTS.customFields] },
    ctx: ctx({ rollouts: [ROLLOUTS.customFields] }),
    expected: allow,
  },
  {
    clause: 'FAQ role outside the route list goes to /error',
    rule: { modules: ['faq'], faqRoles: ['admin'] },
    ctx: ctx({ role: 'manager', company: { modules: { faq: 1 } } }),
    expected: toError,
  },
  {
    clause: 'FAQ team mode role from the lists',
    rule: { modules: ['faq'], faqRoles: ['admin', 'manager', 'creator'] },
    ctx: ctx({
      role: 'operator',
      company: {
        modules: { faq: 1 },
        settings: { faqModule: { mode: 'team', admins: [], managers: [], creators: [EMPLOYEE] } },
      },
    }),
    expected: allow,
  },
];

describe('decideAccess (spec point 5)', () => {
  it.each(cases)('$clause', ({ rule, ctx: context, expected }) => {
    expect(decideAccess(rule, context)).toEqual(expected);
  });
});

describe('plan gating (spec point 5)', () => {
  it.each([
    { clause: 'plan-access rollout on enables gating', rollouts: GATING, expected: true },
    {
      clause: 'the exception rollout disables gating',
      rollouts: [...GATING, ROLLOUTS.planAccessControlException],
      expected: false,
    },
    { clause: 'no rollout: gating off', rollouts: [], expected: false },
  ])('$clause', ({ rollouts, expected }) => {
    expect(planGatingEnabled({ rollouts })).toBe(expected);
  });

  it('gating off: all plan features allowed', () => {
    expect(hasPlanFeature({ rollouts: [], planFeatures: [] }, 'anything')).toBe(true);
  });
  it('gating on with no stored features: none', () => {
    expect(hasPlanFeature({ rollouts: GATING, planFeatures: undefined }, PLAN_FEATURES.webhooks)).toBe(false);
  });
  it('gating on: stored features allowed', () => {
    expect(hasPlanFeature({ rollouts: GATING, planFeatures: ['webhooks'] }, PLAN_FEATURES.webhooks)).toBe(
      true,
    );
  });
});

describe('canSeeMenuItem (spec point 5, menus)', () => {
  it('requires every listed module enabled', () => {
    const item = { modules: ['faq', 'academy'] };
    expect(canSeeMenuItem(item, ctx({ company: { modules: { faq: 1 } } }))).toBe(false);
    expect(canSeeMenuItem(item, ctx({ company: { modules: { faq: 1, academy: 1 } } }))).toBe(true);
  });
  it('applies the access rule too', () => {
    expect(canSeeMenuItem({ access: { roles: ['admin'] } }, ctx({ role: 'operator' }))).toBe(false);
  });
});
