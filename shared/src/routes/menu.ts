import type { AccessRule } from '../contracts/types.ts';
import { accountMenuPtBR, menuPtBR } from '../i18n/pt-BR.ts';
import { canSeeMenuItem, type AccessContext } from '../rules/access.ts';
import { FAQ_MODULE } from '../rules/faq.ts';
import { findRoute } from './app-routes.ts';

type MenuKey = keyof typeof menuPtBR;

export interface MenuItem {
  key: MenuKey;
  label: string;
  /** In-app destination. */
  path?: string;
  /** Section of the destination page to scroll to. */
  section?: string;
  /** External help link, resolved from the web app's config (URLs are deployment data). */
  externalLink?: 'manual' | 'updates';
  access?: AccessRule;
  /** Every listed module must be enabled (spec point 5, menus). */
  modules?: readonly string[];
  children?: readonly MenuItem[];
}

/** A menu entry that opens a page takes that page's access rule, so menu and guard never disagree. */
function page(key: MenuKey, path: string, extra: Partial<MenuItem> = {}): MenuItem {
  const found = findRoute(path);
  if (!found) throw new Error(`menu entry ${key} points to ${path}, which is not a route`);
  return { key, label: menuPtBR[key], path, access: found.route.access, ...extra };
}

const group = (key: MenuKey, children: MenuItem[]): MenuItem => ({ key, label: menuPtBR[key], children });
const external = (key: MenuKey, externalLink: 'manual' | 'updates'): MenuItem => ({
  key,
  label: menuPtBR[key],
  externalLink,
});

/** The menu areas of spec point 2. */
export const MENU: readonly MenuItem[] = [
  page('home', '/app/home'),
  group('analytics', [
    page('dashboard', '/app/analytics/dashboard'),
    page('monitoring', '/app/analytics/monitoring'),
    page('reports', '/app/analytics/reports'),
    page('advancedAnalysis', '/app/analytics/social'),
    page('contactOrigins', '/app/analytics/contact-origin'),
    page('customDashboards', '/app/v2/analytics/report-builder/dashboard'),
  ]),
  page('chat', '/app/chat'),
  group('contacts', [
    page('contacts', '/app/contacts'),
    page('import', '/app/contacts/import'),
    page('wallets', '/app/contacts/wallets'),
    page('tags', '/app/contacts/tags'),
    page('smartTags', '/app/contacts/smart-tags'),
    page('customFields', '/app/contacts/custom-fields'),
    page('variableMessages', '/app/contacts/variables'),
    page('quickMessages', '/app/contacts/messages'),
    page('commands', '/app/contacts/commands'),
    page('templateMessages', '/app/contacts/template-messages'),
  ]),
  group('integrations', [
    page('channels', '/app/integrations/channels'),
    page('apps', '/app/integrations/apps'),
    page('api', '/app/integrations/api'),
    page('webhooks', '/app/integrations/webhooks'),
  ]),
  group('automation', [
    page('flows', '/app/chatbot/flow'),
    page('knowledgeBases', '/app/v2/automation/knowledge-base'),
    page('agentsAndSkills', '/app/v2/automation/smart-assistant'),
  ]),
  page('pipelines', '/app/pipelines'),
  group('campaignsArea', [
    page('campaigns', '/app/campaign/create'),
    page('segmentation', '/app/broadcast/audience-lists'),
    page('blockedContacts', '/app/contacts/blacklist'),
    page('campaignPanel', '/app/campaign'),
    page('sendReport', '/app/broadcast/campaign-reports'),
  ]),
  page('activities', '/app/activities'),
  group('settings', [
    page('companySettings', '/app/settings/company'),
    page('employees', '/app/settings/employees'),
    page('holidays', '/app/settings/company', { section: 'holidays' }),
  ]),
  page('logs', '/app/logs'),
  group('help', [
    external('manual', 'manual'),
    page('faq', '/app/faq', { modules: [FAQ_MODULE] }),
    page('suggestions', '/app/sugestions'),
    page('news', '/app/news'),
    page('courses', '/app/academy/overview'),
    external('updates', 'updates'),
  ]),
  page('academy', '/app/academy'),
];

/** Visible entries for this employee; a group with no visible child disappears. */
export function visibleMenu(items: readonly MenuItem[], ctx: AccessContext): MenuItem[] {
  return items.flatMap((item) => {
    if (!canSeeMenuItem(item, ctx)) return [];
    if (!item.children) return [item];
    const children = visibleMenu(item.children, ctx);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

type AccountKey = keyof typeof accountMenuPtBR;

export interface AccountMenuItem {
  key: AccountKey;
  label: string;
  path?: string;
  /** Opens a shell modal or runs an action instead of navigating. */
  action?: 'profile-modal' | 'plan-modal' | 'consumption-modal' | 'financial' | 'logout';
  access?: AccessRule;
}

const accountPage = (key: AccountKey, path: string): AccountMenuItem => ({
  key,
  label: accountMenuPtBR[key],
  path,
  access: findRoute(path)?.route.access ?? {},
});
const accountAction = (
  key: AccountKey,
  action: AccountMenuItem['action'],
  access?: AccessRule,
): AccountMenuItem => ({
  key,
  label: accountMenuPtBR[key],
  action,
  ...(access && { access }),
});

/** The account menu of spec point 2. */
export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  accountAction('profile', 'profile-modal'),
  accountPage('agenda', '/app/activities'),
  accountAction('plan', 'plan-modal', { roles: ['admin'] }),
  // Operators open it only for the Gupshup balance, when the company lets them see it (spec point 6).
  accountAction('conversationConsumption', 'consumption-modal', {
    roles: ['admin', 'operator'],
    operatorPermission: 'show_gupshup_wallet_balance_to_operators',
  }),
  accountPage('financialPanel', '/app/financial-panel'),
  accountPage('newEmployee', '/app/settings/employees/settings'),
  accountPage('companySettings', '/app/settings/company'),
  accountAction('financial', 'financial', { roles: ['admin'] }),
  accountPage('logs', '/app/logs'),
  accountAction('logout', 'logout'),
];

/**
 * The four display states the menu cycles through (spec point 2): full width with labels, icons only, a drawer over
 * the page, hidden.
 */
export const MENU_DISPLAY_STATES = ['expanded', 'collapsed', 'overlay', 'hidden'] as const;
export type MenuDisplayState = (typeof MENU_DISPLAY_STATES)[number];

export function nextMenuDisplayState(state: MenuDisplayState): MenuDisplayState {
  const next = (MENU_DISPLAY_STATES.indexOf(state) + 1) % MENU_DISPLAY_STATES.length;
  return MENU_DISPLAY_STATES[next] ?? 'expanded';
}
