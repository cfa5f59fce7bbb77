import { WALLET_VIEW_ACCESS } from '../contracts/contacts/access.ts';
import type { AccessRule } from '../contracts/types.ts';
import { PRODUCT_SLUG_DEFAULT } from '../domain/constants.ts';
import { PLAN_FEATURES, PLAN_GROUPS, ROLLOUTS } from '../domain/features.ts';
import { FAQ_MODULE } from '../rules/faq.ts';
import { ROUTE_PERMISSIONS } from '../rules/permissions.ts';
import { bestMatch } from './route-pattern.ts';

export interface AppRoute {
  /** react-router pattern, as spec point 2 writes it. */
  path: string;
  /** pt-BR page title. */
  title: string;
  /** public: no sign-in needed; employee: the guard applies `access`. */
  auth: 'public' | 'employee';
  access: AccessRule;
  /** Rendered inside the authenticated shell (menu, breadcrumb, modals). */
  shell: boolean;
  redirectTo?: string;
}

const ADMIN = { roles: ['admin'] } as const satisfies AccessRule;
const ALL = { roles: 'all' } as const satisfies AccessRule;
const ADV_PRO = PLAN_GROUPS.advancedOrProfessional;
const FAQ = {
  roles: 'all',
  plans: PLAN_GROUPS.professional,
  modules: [FAQ_MODULE],
} as const satisfies AccessRule;
const AI_V2 = {
  roles: 'all',
  rollouts: [ROLLOUTS.aiSmartAssistant],
  planFeatures: [PLAN_FEATURES.aiAssistants],
  companyPermission: 'manage_automation',
} as const satisfies AccessRule;
const AI_CHATBOT = { ...ADMIN, planFeatures: [PLAN_FEATURES.aiAssistants] } as const satisfies AccessRule;
const DASHBOARD = { ...ADMIN, permission: ROUTE_PERMISSIONS.dashboardView } as const satisfies AccessRule;
const CHAT = { ...ALL, permission: ROUTE_PERMISSIONS.chatModule } as const satisfies AccessRule;
const CONTACTS_ALL = { ...ALL, permission: ROUTE_PERMISSIONS.contactsView } as const satisfies AccessRule;
const CONTACTS_ADMIN = { ...ADMIN, permission: ROUTE_PERMISSIONS.contactsView } as const satisfies AccessRule;
const CAMPAIGN = { ...ADMIN, permission: ROUTE_PERMISSIONS.campaignModule } as const satisfies AccessRule;
const SETTINGS = { ...ADMIN, permission: ROUTE_PERMISSIONS.accountSettings } as const satisfies AccessRule;
const PIPELINES = {
  ...ALL,
  plans: ADV_PRO,
  planFeatures: [PLAN_FEATURES.salesFunnel],
} as const satisfies AccessRule;
const SMART_TAGS = {
  ...CONTACTS_ADMIN,
  planFeatures: [PLAN_FEATURES.smartTags],
} as const satisfies AccessRule;

const shell = (path: string, title: string, access: AccessRule): AppRoute => ({
  path,
  title,
  auth: 'employee',
  access,
  shell: true,
});

/** Every web route of spec point 2. */
export const APP_ROUTES: readonly AppRoute[] = [
  shell('/app/home', 'Início', ALL),

  shell('/app/analytics', 'Análises', DASHBOARD),
  shell('/app/analytics/dashboard', 'Dashboard', DASHBOARD),
  shell('/app/analytics/social', 'Análise avançada', {
    ...ADMIN,
    plans: PLAN_GROUPS.essentialAdvancedProfessional,
  }),
  shell('/app/analytics/monitoring', 'Monitoramento', ADMIN),
  shell('/app/financial-panel', 'Painel financeiro', ADMIN),
  shell('/app/analytics/reports', 'Relatórios', {
    ...ALL,
    operatorPermission: 'display_report_base_to_operators',
  }),
  shell('/app/analytics/contact-origin', 'Origem dos contatos', {
    ...ALL,
    planFeatures: [PLAN_FEATURES.contactTracking],
    rollouts: [ROLLOUTS.planAccessControl],
  }),
  shell('/app/v2/analytics/report-builder/dashboard', 'Dashboards personalizados', ALL),

  shell('/app/chat/:customer_id?/:queue_destination?', 'Chat', CHAT),
  shell('/app/chat/phone/:phone?', 'Chat', CHAT),
  shell('/app/chat/email/:email?', 'Chat', CHAT),
  shell('/app/v2/chat', 'Chat', CHAT),
  shell('/app-v2/*', 'Chat', CHAT),

  shell('/app/v2/automation/smart-assistant/*', 'Agentes e habilidades', AI_V2),
  shell('/app/v2/automation/knowledge-base/*', 'Bases de conhecimento', AI_V2),
  shell('/app/v2/automation/chatbot/:editorMode?/:workflowId?', 'Editor de chatbot', {
    ...ADMIN,
    rollouts: [ROLLOUTS.newFrontendEditor],
  }),
  shell('/app/chatbot', 'Chatbot', AI_CHATBOT),
  shell('/app/chatbot/ai', 'Chatbot com IA', AI_CHATBOT),
  shell('/app/chatbot/ai/demands', 'Demandas da IA', AI_CHATBOT),
  shell('/app/chatbot/ai/knowledge', 'Conhecimento da IA', AI_CHATBOT),
  shell('/app/chatbot/ai/precision', 'Precisão da IA', AI_CHATBOT),
  shell('/app/chatbot/ai/keyWords', 'Palavras-chave da IA', AI_CHATBOT),
  shell('/app/chatbot/flow', 'Fluxos', ADMIN),
  shell('/app/chatbot/flow/builder/:flow_id?', 'Editor de fluxo', ADMIN),

  shell('/app/contacts', 'Contatos', CONTACTS_ALL),
  shell('/app/contacts/customers/*', 'Contatos', CONTACTS_ALL),
  shell('/app/contacts/import', 'Importar contatos', CONTACTS_ADMIN),
  shell('/app/contacts/wallets', 'Carteiras', WALLET_VIEW_ACCESS),
  shell('/app/contacts/wallets/manager/:wallet_selected?', 'Gerenciar carteira', {
    ...CONTACTS_ADMIN,
    plans: ADV_PRO,
    planFeatures: [PLAN_FEATURES.walletAttendant],
  }),
  shell('/app/contacts/blacklist', 'Contatos bloqueados', { ...CONTACTS_ADMIN, plans: ADV_PRO }),
  shell('/app/contacts/tags', 'Tags', CONTACTS_ADMIN),
  shell('/app/contacts/smart-tags', 'Tags inteligentes', SMART_TAGS),
  shell('/app/contacts/smart-tags/create', 'Criar tag inteligente', SMART_TAGS),
  shell('/app/contacts/smart-tags/:smartTagId', 'Editar tag inteligente', SMART_TAGS),
  shell('/app/contacts/messages', 'Mensagens rápidas', CONTACTS_ALL),
  shell('/app/contacts/variables', 'Mensagens variáveis', CONTACTS_ADMIN),
  shell('/app/contacts/commands', 'Comandos', CONTACTS_ADMIN),
  shell('/app/contacts/template-messages', 'Mensagens template', CONTACTS_ALL),
  shell('/app/contacts/custom-fields/*', 'Campos personalizados', {
    ...CONTACTS_ADMIN,
    rollouts: [ROLLOUTS.customFields],
  }),

  shell('/app/activities', 'Agenda de atividades', ALL),
  shell('/app/pipelines', 'Funil de vendas', PIPELINES),
  shell('/app/pipelines/main/:pipeline_selected?', 'Funil de vendas', PIPELINES),
  shell('/app/pipelines/stage/:pipeline_selected/:stage_selected?', 'Etapa do funil', PIPELINES),

  { ...shell('/app/broadcast', 'Campanhas', CAMPAIGN), redirectTo: '/app/broadcast/audience-lists' },
  shell('/app/broadcast/audience-lists', 'Segmentação', CAMPAIGN),
  shell('/app/campaign', 'Painel de campanhas', CAMPAIGN),
  shell('/app/campaign/create', 'Criar campanha', CAMPAIGN),
  shell('/app/campaign/:broadcast_id', 'Campanha', CAMPAIGN),
  shell('/app/broadcast/campaign-reports/:campaignId?', 'Relatório de envios', CAMPAIGN),

  { ...shell('/app/settings', 'Configurações', SETTINGS), redirectTo: '/app/settings/company' },
  shell('/app/settings/company', 'Configurações da empresa', SETTINGS),
  shell('/app/settings/employees', 'Funcionários', SETTINGS),
  shell('/app/settings/employees/settings', 'Criar funcionário', SETTINGS),

  shell('/app/integrations', 'Integrações', ADMIN),
  shell('/app/integrations/channels', 'Canais', ADMIN),
  shell('/app/integrations/api', 'API', ADMIN),
  shell('/app/integrations/apps', 'Aplicativos', ADMIN),
  shell('/app/integrations/webhooks', 'Webhooks', { ...ADMIN, planFeatures: [PLAN_FEATURES.webhooks] }),

  shell('/app/logs', 'Logs', ADMIN),
  shell('/app/academy', 'Academia', ALL),
  shell('/app/academy/player/:course_selected?', 'Academia', ALL),
  shell('/app/academy/overview/:course_selected?', 'Cursos', ALL),
  shell('/app/timeline/:customer_selected?', 'Linha do tempo', ALL),
  shell('/app/t-mail', 'T-mail', ALL),
  shell('/app/sugestions', 'Sugestões', ADMIN),
  shell('/app/news', 'Novidades', ADMIN),

  shell('/app/faq', 'FAQ', FAQ),
  shell('/app/faq/init', 'FAQ', FAQ),
  shell('/app/faq/config', 'Configurações do FAQ', { ...FAQ, faqRoles: ['admin'] }),
  shell('/app/faq/create', 'Criar FAQ', { ...FAQ, faqRoles: ['admin', 'manager', 'creator'] }),
  shell('/app/faq/manager', 'Gerenciar FAQ', { ...FAQ, faqRoles: ['admin', 'manager'] }),
  shell('/app/faq/reports', 'Relatórios do FAQ', { ...FAQ, faqRoles: ['admin', 'manager'] }),

  { path: '/app', title: 'Início', auth: 'employee', access: ALL, shell: false, redirectTo: '/app/home' },
  { path: '/auth/callback', title: 'Autenticando', auth: 'public', access: {}, shell: false },
  { path: '/:product/login', title: 'Entrar', auth: 'public', access: {}, shell: false },
  {
    path: '/app/auth/:type?',
    title: 'Autorização',
    auth: 'employee',
    access: { ...ADMIN, plans: ADV_PRO },
    shell: false,
  },
  {
    path: '/trial/register/:account_type',
    title: 'Cadastro de teste',
    auth: 'public',
    access: {},
    shell: false,
  },
  {
    path: '/app/chat/transcript/:conversationId',
    title: 'Transcrição do atendimento',
    auth: 'employee',
    access: CHAT,
    shell: false,
  },
  {
    path: '/app/integration/rdmkt',
    title: 'Integração RD Station Marketing',
    auth: 'employee',
    access: ADMIN,
    shell: false,
  },
  {
    path: '/error',
    title: 'Ooops... looks like an error occurred!',
    auth: 'public',
    access: {},
    shell: false,
  },
];

/** Login of a product (spec point 2: /{product}/login); the default product slug is 'atende'. */
export function loginPath(product: string = PRODUCT_SLUG_DEFAULT): string {
  return `/${product}/login`;
}

export const HOME_PATH = '/app/home';
export const ERROR_PATH = '/error';

/** The route a pathname renders (most specific pattern), or undefined for the error page's "unknown path". */
export function findRoute(pathname: string): { route: AppRoute; params: Record<string, string> } | undefined {
  return bestMatch(APP_ROUTES, pathname);
}
