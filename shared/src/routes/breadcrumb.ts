import { menuPtBR } from '../i18n/pt-BR.ts';

export interface Crumb {
  label: string;
  path: string;
}

const menu = menuPtBR;

/** Path segments labelled from menu names; segments absent here (ids, 'v2', 'main'...) get no crumb. */
const SEGMENT_LABELS: Record<string, string> = {
  home: menu.home,
  analytics: menu.analytics,
  dashboard: menu.dashboard,
  social: menu.advancedAnalysis,
  monitoring: menu.monitoring,
  reports: menu.reports,
  'contact-origin': menu.contactOrigins,
  'report-builder': menu.customDashboards,
  'financial-panel': menu.financialPanel,
  chat: menu.chat,
  automation: menu.automation,
  'smart-assistant': menu.agentsAndSkills,
  'knowledge-base': menu.knowledgeBases,
  chatbot: menu.chatbot,
  flow: menu.flows,
  contacts: menu.contacts,
  import: menu.import,
  wallets: menu.wallets,
  blacklist: menu.blockedContacts,
  tags: menu.tags,
  'smart-tags': menu.smartTags,
  messages: menu.quickMessages,
  variables: menu.variableMessages,
  commands: menu.commands,
  'template-messages': menu.templateMessages,
  'custom-fields': menu.customFields,
  activities: menu.activities,
  pipelines: menu.pipelines,
  broadcast: menu.campaignsArea,
  'audience-lists': menu.segmentation,
  'campaign-reports': menu.sendReport,
  campaign: menu.campaigns,
  settings: menu.settings,
  company: menu.companySettings,
  employees: menu.employees,
  integrations: menu.integrations,
  channels: menu.channels,
  api: menu.api,
  apps: menu.apps,
  webhooks: menu.webhooks,
  logs: menu.logs,
  academy: menu.academy,
  overview: menu.courses,
  timeline: menu.timeline,
  't-mail': menu.tmail,
  sugestions: menu.suggestions,
  news: menu.news,
  faq: menu.faq,
};

/** Spec point 2: a settings segment under employees is the create-employee page. */
function labelFor(segment: string, parent: string | undefined): string | undefined {
  if (segment === 'settings' && parent === 'employees') return menu.createEmployee;
  return SEGMENT_LABELS[segment];
}

/** Breadcrumb of a pathname below /app, one crumb per labelled segment, each linking to its prefix. */
export function breadcrumb(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter((segment) => segment.length > 0);
  const start = segments[0] === 'app' ? 1 : 0;
  const crumbs: Crumb[] = [];
  for (let index = start; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const label = labelFor(segment, segments[index - 1]);
    if (label) crumbs.push({ label, path: `/${segments.slice(0, index + 1).join('/')}` });
  }
  return crumbs;
}
