import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { BreadcrumbItem } from '../../components/page-header/page-header.tsx';
import { lazyPage } from './chunk-load.ts';

export interface PageProps {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}

const CompanySettingsPage = lazyPage(
  () => import('../../features/company-settings/components/company-settings-page.tsx'),
  'CompanySettingsPage',
);

/** Department and service-category editors live in their own feature; the app hands them to the settings page. */
const companySettingsPanels = {
  departments: lazyPage(
    () => import('../../features/departments/components/departments-panel.tsx'),
    'DepartmentsPanel',
  ),
  tabulations: lazyPage(
    () => import('../../features/departments/components/tabulations-panel.tsx'),
    'TabulationsPanel',
  ),
};

const ChatPage = lazyPage(() => import('../../features/chat/components/chat-page.tsx'), 'ChatPage');

/** Spec point 2: every chat route renders the same inbox; the page reads its own route parameters. */
const CHAT_ROUTES = [
  '/app/chat/:customer_id?/:queue_destination?',
  '/app/chat/phone/:phone?',
  '/app/chat/email/:email?',
  '/app/v2/chat',
  '/app-v2/*',
] as const;

const ContactsPage = lazyPage(
  () => import('../../features/contacts/components/contacts-page.tsx'),
  'ContactsPage',
);

const FlowBuilderPage = lazyPage(
  () => import('../../features/flows/components/flow-builder-page.tsx'),
  'FlowBuilderPage',
);

const PipelinesPage = lazyPage(
  () => import('../../features/pipelines/components/pipelines-page.tsx'),
  'PipelinesPage',
);

const AssistantsPage = lazyPage(
  () => import('../../features/ai/components/assistants-page.tsx'),
  'AssistantsPage',
);
const KnowledgeBasesPage = lazyPage(
  () => import('../../features/ai/components/knowledge-bases-page.tsx'),
  'KnowledgeBasesPage',
);

/** AI: the model, assistants (keywords are edited on each assistant), knowledge bases, demands and precision. */
const AI_PAGES = {
  '/app/chatbot': lazyPage(
    () => import('../../features/ai/components/chatbot-hub-page.tsx'),
    'ChatbotHubPage',
  ),
  '/app/chatbot/ai/demands': lazyPage(
    () => import('../../features/ai/components/demands-page.tsx'),
    'DemandsPage',
  ),
  '/app/chatbot/ai/precision': lazyPage(
    () => import('../../features/ai/components/precision-page.tsx'),
    'PrecisionPage',
  ),
  '/app/v2/automation/smart-assistant/*': AssistantsPage,
  '/app/v2/automation/knowledge-base/*': KnowledgeBasesPage,
  '/app/chatbot/ai': AssistantsPage,
  '/app/chatbot/ai/keyWords': AssistantsPage,
  '/app/chatbot/ai/knowledge': KnowledgeBasesPage,
};

/** The sales funnel and the activities agenda. */
const CAMPAIGN_PAGES = {
  '/app/broadcast/audience-lists': lazyPage(
    () => import('../../features/campaigns/components/audience-lists-page.tsx'),
    'AudienceListsPage',
  ),
  '/app/campaign': lazyPage(
    () => import('../../features/campaigns/components/campaigns-page.tsx'),
    'CampaignsPage',
  ),
  '/app/campaign/create': lazyPage(
    () => import('../../features/campaigns/components/create-campaign-page.tsx'),
    'CreateCampaignPage',
  ),
  '/app/campaign/:broadcast_id': lazyPage(
    () => import('../../features/campaigns/components/campaign-page.tsx'),
    'CampaignPage',
  ),
  '/app/broadcast/campaign-reports/:campaignId?': lazyPage(
    () => import('../../features/campaigns/components/campaign-report-page.tsx'),
    'CampaignReportPage',
  ),
};

const FUNNEL_PAGES = {
  '/app/pipelines': PipelinesPage,
  '/app/pipelines/main/:pipeline_selected?': PipelinesPage,
  '/app/pipelines/stage/:pipeline_selected/:stage_selected?': lazyPage(
    () => import('../../features/pipelines/components/stage-table-page.tsx'),
    'StageTablePage',
  ),
  '/app/activities': lazyPage(
    () => import('../../features/pipelines/components/activities-page.tsx'),
    'ActivitiesPage',
  ),
};

const DashboardPage = lazyPage(
  () => import('../../features/analytics/components/dashboard-page.tsx'),
  'DashboardPage',
);

/** Analytics: the charts library is only ever reached through these lazy chunks (never the login page). */
const ANALYTICS_PAGES = {
  '/app/analytics': DashboardPage,
  '/app/analytics/dashboard': DashboardPage,
  '/app/analytics/monitoring': lazyPage(
    () => import('../../features/analytics/components/monitoring-page.tsx'),
    'MonitoringPage',
  ),
  '/app/analytics/reports': lazyPage(
    () => import('../../features/analytics/components/reports-page.tsx'),
    'ReportsPage',
  ),
  '/app/analytics/social': lazyPage(
    () => import('../../features/analytics/components/social-page.tsx'),
    'SocialPage',
  ),
  '/app/analytics/contact-origin': lazyPage(
    () => import('../../features/analytics/components/contact-origin-page.tsx'),
    'ContactOriginPage',
  ),
  '/app/v2/analytics/report-builder/dashboard': lazyPage(
    () => import('../../features/analytics/components/report-builder-page.tsx'),
    'ReportBuilderPage',
  ),
};

/** Screens built so far, by route pattern; every other shell route shows its header and an empty state. */
export const SHELL_PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  '/app/home': lazyPage(() => import('../../features/home/components/home-page.tsx'), 'HomePage'),
  ...ANALYTICS_PAGES,
  '/app/settings/company': (props: PageProps) =>
    createElement(CompanySettingsPage, { ...props, panels: companySettingsPanels }),
  '/app/settings/employees': lazyPage(
    () => import('../../features/employees/components/employees-page.tsx'),
    'EmployeesPage',
  ),
  '/app/settings/employees/settings': lazyPage(
    () => import('../../features/employees/components/employees-page.tsx'),
    'CreateEmployeePage',
  ),
  '/app/faq': lazyPage(() => import('../../features/faq/components/faq-index-page.tsx'), 'FaqIndexPage'),
  '/app/faq/init': lazyPage(() => import('../../features/faq/components/faq-config-page.tsx'), 'FaqInitPage'),
  '/app/faq/config': lazyPage(
    () => import('../../features/faq/components/faq-config-page.tsx'),
    'FaqConfigPage',
  ),
  '/app/faq/create': lazyPage(
    () => import('../../features/faq/components/faq-editor-page.tsx'),
    'FaqEditorPage',
  ),
  '/app/faq/manager': lazyPage(
    () => import('../../features/faq/components/faq-manager-page.tsx'),
    'FaqManagerPage',
  ),
  '/app/faq/reports': lazyPage(
    () => import('../../features/faq/components/faq-reports-page.tsx'),
    'FaqReportsPage',
  ),
  '/app/financial-panel': lazyPage(
    () => import('../../features/billing/components/financial-panel-page.tsx'),
    'FinancialPanelPage',
  ),
  '/app/news': lazyPage(() => import('../../features/news/components/news-page.tsx'), 'NewsPage'),
  '/app/sugestions': lazyPage(
    () => import('../../features/suggestions/components/suggestions-page.tsx'),
    'SuggestionsPage',
  ),
  '/app/academy': lazyPage(() => import('../../features/academy/components/academy-page.tsx'), 'AcademyPage'),
  '/app/academy/player/:course_selected?': lazyPage(
    () => import('../../features/academy/components/course-player-page.tsx'),
    'CoursePlayerPage',
  ),
  '/app/academy/overview/:course_selected?': lazyPage(
    () => import('../../features/academy/components/course-overview-page.tsx'),
    'CourseOverviewPage',
  ),
  '/app/t-mail': lazyPage(() => import('../../features/t-mail/components/t-mail-page.tsx'), 'TMailPage'),
  '/app/contacts': ContactsPage,
  '/app/contacts/customers/*': ContactsPage,
  '/app/contacts/import': lazyPage(
    () => import('../../features/contacts/components/import-page.tsx'),
    'ImportPage',
  ),
  '/app/contacts/wallets': lazyPage(
    () => import('../../features/contacts/components/wallets-page.tsx'),
    'WalletsPage',
  ),
  '/app/contacts/wallets/manager/:wallet_selected?': lazyPage(
    () => import('../../features/contacts/components/wallet-manager-page.tsx'),
    'WalletManagerPage',
  ),
  '/app/contacts/blacklist': lazyPage(
    () => import('../../features/contacts/components/blacklist-page.tsx'),
    'BlacklistPage',
  ),
  '/app/contacts/tags': lazyPage(
    () => import('../../features/organizing/components/tags-page.tsx'),
    'TagsPage',
  ),
  '/app/contacts/smart-tags': lazyPage(
    () => import('../../features/smart-tags/components/smart-tags-page.tsx'),
    'SmartTagsPage',
  ),
  '/app/contacts/smart-tags/create': lazyPage(
    () => import('../../features/smart-tags/components/smart-tag-editor-page.tsx'),
    'CreateSmartTagPage',
  ),
  '/app/contacts/smart-tags/:smartTagId': lazyPage(
    () => import('../../features/smart-tags/components/smart-tag-editor-page.tsx'),
    'EditSmartTagPage',
  ),
  '/app/contacts/messages': lazyPage(
    () => import('../../features/organizing/components/quick-messages-page.tsx'),
    'QuickMessagesPage',
  ),
  '/app/contacts/variables': lazyPage(
    () => import('../../features/organizing/components/variables-page.tsx'),
    'VariablesPage',
  ),
  '/app/contacts/commands': lazyPage(
    () => import('../../features/organizing/components/commands-page.tsx'),
    'CommandsPage',
  ),
  '/app/contacts/custom-fields/*': lazyPage(
    () => import('../../features/organizing/components/custom-fields-page.tsx'),
    'CustomFieldsPage',
  ),
  '/app/timeline/:customer_selected?': lazyPage(
    () => import('../../features/contacts/components/timeline-page.tsx'),
    'TimelinePage',
  ),
  '/app/logs': lazyPage(() => import('../../features/logs/components/logs-page.tsx'), 'LogsPage'),
  ...Object.fromEntries(CHAT_ROUTES.map((path) => [path, ChatPage])),
  '/app/chatbot/flow': lazyPage(() => import('../../features/flows/components/flows-page.tsx'), 'FlowsPage'),
  '/app/chatbot/flow/builder/:flow_id?': FlowBuilderPage,
  '/app/v2/automation/chatbot/:editorMode?/:workflowId?': FlowBuilderPage,
  '/app/integrations': lazyPage(
    () => import('../../features/apps/components/integrations-page.tsx'),
    'IntegrationsPage',
  ),
  '/app/integrations/apps': lazyPage(
    () => import('../../features/apps/components/apps-page.tsx'),
    'AppsPage',
  ),
  '/app/integrations/webhooks': lazyPage(
    () => import('../../features/integrations-webhooks/components/webhooks-page.tsx'),
    'WebhooksPage',
  ),
  '/app/integrations/api': lazyPage(
    () => import('../../features/integrations-api/components/api-page.tsx'),
    'ApiPage',
  ),
  '/app/integration/rdmkt': lazyPage(
    () => import('../../features/apps/components/rdmkt-page.tsx'),
    'RdMktPage',
  ),
  '/app/auth/:type?': lazyPage(
    () => import('../../features/apps/components/oauth-callback-page.tsx'),
    'OAuthCallbackPage',
  ),
  '/app/integrations/channels': lazyPage(
    () => import('../../features/channels/components/channels-page.tsx'),
    'ChannelsPage',
  ),
  '/app/contacts/template-messages': lazyPage(
    () => import('../../features/templates/components/templates-page.tsx'),
    'TemplatesPage',
  ),
  '/app/chat/transcript/:conversationId': lazyPage(
    () => import('../../features/chat/components/transcript-page.tsx'),
    'TranscriptPage',
  ),
  ...FUNNEL_PAGES,
  ...AI_PAGES,
  ...CAMPAIGN_PAGES,
};
