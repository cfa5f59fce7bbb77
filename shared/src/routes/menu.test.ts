import { describe, expect, it } from 'vitest';
import { PLAN_CODES, ROLES, type PlanCode, type Role } from '../domain/constants.ts';
import { decideAccess, type AccessContext } from '../rules/access.ts';
import { findRoute } from './app-routes.ts';
import {
  ACCOUNT_MENU,
  MENU,
  MENU_DISPLAY_STATES,
  nextMenuDisplayState,
  visibleMenu,
  type MenuDisplayState,
  type MenuItem,
} from './menu.ts';

const ctx = (role: Role, account_type: PlanCode, modules: Record<string, number> = {}): AccessContext => ({
  role,
  employeeId: 'ffffffffffffffffffffffff',
  company: { account_type, modules, permissions: {} },
  rollouts: [],
  planFeatures: undefined,
});

const keys = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.key, ...(item.children ? keys(item.children) : [])]);
const flat = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...(item.children ? flat(item.children) : [])]);

describe('menu (spec point 2)', () => {
  it('every menu page is a route', () => {
    for (const item of flat(MENU)) if (item.path) expect(findRoute(item.path), item.path).toBeDefined();
  });

  it('reaches the tags page from the contacts group, admins only as the route says', () => {
    const contacts = MENU.find((item) => item.key === 'contacts');
    expect(contacts?.children?.map((item) => item.path)).toContain('/app/contacts/tags');
    const shown = (role: Role) => flat(visibleMenu(MENU, ctx(role, 'professional'))).map((item) => item.path);
    expect(shown('admin')).toContain('/app/contacts/tags');
    expect(shown('operator')).not.toContain('/app/contacts/tags');
  });

  it('lists the spec menu areas', () => {
    expect(keys(MENU)).toEqual(
      expect.arrayContaining([
        'home',
        'dashboard',
        'monitoring',
        'reports',
        'logs',
        'contacts',
        'import',
        'chat',
        'channels',
        'apps',
        'api',
        'webhooks',
        'flows',
        'pipelines',
        'campaigns',
        'segmentation',
        'blockedContacts',
        'campaignPanel',
        'sendReport',
        'companySettings',
        'wallets',
        'employees',
        'variableMessages',
        'quickMessages',
        'holidays',
        'activities',
        'help',
        'manual',
        'faq',
        'suggestions',
        'news',
        'courses',
        'updates',
        'academy',
        'smartTags',
        'customFields',
        'commands',
        'templateMessages',
        'knowledgeBases',
        'agentsAndSkills',
        'advancedAnalysis',
        'contactOrigins',
        'customDashboards',
      ]),
    );
  });

  describe.each(ROLES.flatMap((role) => PLAN_CODES.map((plan) => ({ role, plan }))))(
    'filtering for $role on $plan',
    ({ role, plan }) => {
      const context = ctx(role, plan);
      const visible = flat(visibleMenu(MENU, context));
      it('shows exactly the pages the route guard admits', () => {
        for (const item of flat(MENU)) {
          if (!item.path || item.modules) continue;
          const allowed = decideAccess(item.access, context).allowed;
          expect(
            visible.some((shown) => shown === item || (shown.key === item.key && shown.path === item.path)),
          ).toBe(allowed);
        }
      });
      it('never shows admin-only pages to other roles', () => {
        if (role !== 'admin') expect(visible.map((item) => item.key)).not.toContain('employees');
      });
    },
  );

  it('operator on basic: home, chat, contacts area but no campaigns or integrations', () => {
    const top = visibleMenu(MENU, ctx('operator', 'basic')).map((item) => item.key);
    expect(top).toEqual(expect.arrayContaining(['home', 'chat', 'contacts', 'activities', 'academy']));
    expect(top).not.toContain('campaignsArea');
    expect(top).not.toContain('integrations');
  });

  it('the FAQ entry needs the faq module (every listed module)', () => {
    expect(keys(visibleMenu(MENU, ctx('admin', 'professional')))).not.toContain('faq');
    expect(keys(visibleMenu(MENU, ctx('admin', 'professional', { faq: 1 })))).toContain('faq');
  });

  it('shows conversation consumption to admins, and to operators only for the Gupshup balance', () => {
    const entry = ACCOUNT_MENU.find((item) => item.key === 'conversationConsumption');
    const can = (role: 'admin' | 'manager' | 'operator', permissions: Record<string, boolean> = {}) =>
      decideAccess(entry?.access, {
        ...ctx(role, 'professional'),
        company: { ...ctx(role, 'professional').company, permissions },
      }).allowed;
    expect(can('admin')).toBe(true);
    expect(can('manager')).toBe(false);
    expect(can('operator')).toBe(false);
    expect(can('operator', { show_gupshup_wallet_balance_to_operators: true })).toBe(true);
  });

  it('account menu has the spec entries in order', () => {
    expect(ACCOUNT_MENU.map((item) => item.key)).toEqual([
      'profile',
      'agenda',
      'plan',
      'conversationConsumption',
      'financialPanel',
      'newEmployee',
      'companySettings',
      'financial',
      'logs',
      'logout',
    ]);
  });

  it('cycles through the 4 display states', () => {
    expect(MENU_DISPLAY_STATES).toHaveLength(4);
    let state: MenuDisplayState = MENU_DISPLAY_STATES[0];
    const seen: MenuDisplayState[] = [state];
    for (let step = 0; step < 4; step += 1) {
      state = nextMenuDisplayState(state);
      seen.push(state);
    }
    expect(seen).toEqual([...MENU_DISPLAY_STATES, MENU_DISPLAY_STATES[0]]);
  });
});
