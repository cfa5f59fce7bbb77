import { describe, expect, it } from 'vitest';
import { PLAN_CODES, ROLES, type PlanCode, type Role } from '../domain/constants.ts';
import { ROLLOUTS } from '../domain/features.ts';
import { decideAccess, type AccessContext } from '../rules/access.ts';
import { APP_ROUTES, findRoute, loginPath } from './app-routes.ts';

const ME = 'ffffffffffffffffffffffff';
const ctx = (role: Role, account_type: PlanCode, over: Partial<AccessContext> = {}): AccessContext => ({
  role,
  employeeId: ME,
  company: { account_type, modules: {}, permissions: {} },
  rollouts: [],
  planFeatures: undefined,
  ...over,
});

describe('route catalog (spec point 2)', () => {
  it.each(APP_ROUTES.map((route) => ({ path: route.path, route })))(
    '$path has a title and a rule',
    ({ route }) => {
      expect(route.title.length).toBeGreaterThan(0);
      expect(route.access).toBeTypeOf('object');
      expect(route.auth === 'public' || route.access.roles !== undefined).toBe(true);
    },
  );

  it('paths are unique', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    { from: '/app/broadcast', to: '/app/broadcast/audience-lists' },
    { from: '/app/settings', to: '/app/settings/company' },
    { from: '/app', to: '/app/home' },
  ])('$from redirects to $to', ({ from, to }) => {
    expect(findRoute(from)?.route.redirectTo).toBe(to);
    expect(findRoute(to)).toBeDefined();
  });

  it.each([
    { pathname: '/app/chat', pattern: '/app/chat/:customer_id?/:queue_destination?', params: {} },
    {
      pathname: '/app/chat/65a1b2c3d4e5f60718293a4b/queue',
      pattern: '/app/chat/:customer_id?/:queue_destination?',
      params: { customer_id: '65a1b2c3d4e5f60718293a4b', queue_destination: 'queue' },
    },
    {
      pathname: '/app/chat/phone/5585999990000',
      pattern: '/app/chat/phone/:phone?',
      params: { phone: '5585999990000' },
    },
    { pathname: '/app/campaign/create', pattern: '/app/campaign/create', params: {} },
    {
      pathname: '/app/campaign/abc',
      pattern: '/app/campaign/:broadcast_id',
      params: { broadcast_id: 'abc' },
    },
    { pathname: '/app/contacts/smart-tags/create', pattern: '/app/contacts/smart-tags/create', params: {} },
    { pathname: '/app-v2/anything/deep', pattern: '/app-v2/*', params: { '*': 'anything/deep' } },
    { pathname: '/atende/login', pattern: '/:product/login', params: { product: 'atende' } },
  ])('$pathname renders $pattern', ({ pathname, pattern, params }) => {
    const found = findRoute(pathname);
    expect(found?.route.path).toBe(pattern);
    expect(found?.params).toEqual(params);
  });

  it('unknown paths match no route (error page)', () => {
    expect(findRoute('/app/does-not-exist')).toBeUndefined();
  });

  it('the default product slug is atende', () => {
    expect(loginPath()).toBe('/atende/login');
    expect(loginPath('vendas')).toBe('/vendas/login');
  });

  it('outside-the-shell routes are not in the shell', () => {
    const outside = [
      '/auth/callback',
      '/:product/login',
      '/app/auth/:type?',
      '/trial/register/:account_type',
      '/app/integration/rdmkt',
    ];
    for (const path of outside) expect(APP_ROUTES.find((route) => route.path === path)?.shell).toBe(false);
  });
});

const access = (pathname: string, context: AccessContext) =>
  decideAccess(findRoute(pathname)?.route.access, context);
const ERROR = { allowed: false, redirect: '/error' };
const HOME = { allowed: false, redirect: '/app/home' };
const OK = { allowed: true };

describe('route rules of spec point 2', () => {
  it.each([
    { clause: 'home: any role', path: '/app/home', c: ctx('operator', 'basic'), expected: OK },
    {
      clause: 'dashboard: admin only',
      path: '/app/analytics/dashboard',
      c: ctx('manager', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'social: essential plan allowed',
      path: '/app/analytics/social',
      c: ctx('admin', 'essential'),
      expected: OK,
    },
    {
      clause: 'social: basic plan sent home',
      path: '/app/analytics/social',
      c: ctx('admin', 'basic'),
      expected: HOME,
    },
    {
      clause: 'reports: operator without the flag sent home',
      path: '/app/analytics/reports',
      c: ctx('operator', 'professional'),
      expected: HOME,
    },
    {
      clause: 'contact-origin needs the plan-access rollout',
      path: '/app/analytics/contact-origin',
      c: ctx('admin', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'contact-origin with rollout and feature',
      path: '/app/analytics/contact-origin',
      c: ctx('operator', 'professional', {
        rollouts: [ROLLOUTS.planAccessControl],
        planFeatures: ['contact-tracking'],
      }),
      expected: OK,
    },
    { clause: 'chat: all roles', path: '/app/chat', c: ctx('operator', 'basic'), expected: OK },
    {
      clause: 'smart-assistant needs its rollout',
      path: '/app/v2/automation/smart-assistant/list',
      c: ctx('admin', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'new chatbot editor needs its rollout',
      path: '/app/v2/automation/chatbot',
      c: ctx('admin', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'wallet manager: advanced or professional',
      path: '/app/contacts/wallets/manager',
      c: ctx('admin', 'essential'),
      expected: HOME,
    },
    {
      clause: 'blacklist: advanced allowed',
      path: '/app/contacts/blacklist',
      c: ctx('admin', 'advanced'),
      expected: OK,
    },
    {
      clause: 'custom fields need their rollout',
      path: '/app/contacts/custom-fields/list',
      c: ctx('admin', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'template messages: all',
      path: '/app/contacts/template-messages',
      c: ctx('operator', 'basic'),
      expected: OK,
    },
    {
      clause: 'pipelines: essential sent home',
      path: '/app/pipelines',
      c: ctx('operator', 'essential'),
      expected: HOME,
    },
    {
      clause: 'campaigns: admin',
      path: '/app/campaign/create',
      c: ctx('operator', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'employees: admin',
      path: '/app/settings/employees',
      c: ctx('manager', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'webhooks: plan feature under gating',
      path: '/app/integrations/webhooks',
      c: ctx('admin', 'professional', { rollouts: [ROLLOUTS.planAccessControl], planFeatures: [] }),
      expected: ERROR,
    },
    { clause: 'FAQ: professional plan only', path: '/app/faq', c: ctx('admin', 'advanced'), expected: HOME },
    {
      clause: 'FAQ: module faq required',
      path: '/app/faq',
      c: ctx('admin', 'professional'),
      expected: ERROR,
    },
    {
      clause: 'FAQ config: FAQ admin only',
      path: '/app/faq/config',
      c: ctx('admin', 'professional', {
        company: { account_type: 'professional', modules: { faq: 1 }, permissions: {} },
      }),
      expected: OK,
    },
    {
      clause: 'app/auth: advanced or professional',
      path: '/app/auth/google',
      c: ctx('admin', 'essential'),
      expected: HOME,
    },
  ])('$clause', ({ path, c, expected }) => {
    expect(access(path, c)).toEqual(expected);
  });

  it('every role and plan reaches home', () => {
    for (const role of ROLES)
      for (const plan of PLAN_CODES) expect(access('/app/home', ctx(role, plan))).toEqual(OK);
  });
});
