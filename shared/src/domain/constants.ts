/** Constants of the spec (points 1, 3, 4, 6, 9), written once. */

export const PRODUCT_SLUG_DEFAULT = 'atende';

/**
 * The help menu's external links (spec point 2: manual, updates) as shipped: the product's own pages under
 * /ajuda, served with the web app. A deployment may write absolute URLs of its own into /config.json instead.
 */
export const DEFAULT_HELP_LINKS = {
  manual: '/ajuda/manual.html',
  updates: '/ajuda/atualizacoes.html',
} as const;

export const ROLES = ['admin', 'manager', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gestor',
  operator: 'Operador',
};

export const PLAN_CODES = [
  'basic',
  'essential',
  'advanced',
  'advanced062025',
  'professional',
  'voip',
  'premium',
] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const WHATSAPP_INTEGRATION_TYPES = ['atende', 'dialog', 'gupshup', 'official', 'motor'] as const;
export const OFFICIAL_WHATSAPP_PROVIDERS = ['dialog', 'gupshup', 'official', 'motor'] as const;

export const DEFAULT_TIMEZONE = 'America/Fortaleza';

/** Brazilian zones first, then the other zones the spec offers. */
export const TIMEZONES = [
  'America/Noronha',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Araguaina',
  'America/Maceio',
  'America/Bahia',
  'America/Sao_Paulo',
  'America/Campo_Grande',
  'America/Cuiaba',
  'America/Santarem',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Manaus',
  'America/Eirunepe',
  'America/Rio_Branco',
  'America/Bogota',
  'America/Lima',
  'America/Toronto',
  'America/New_York',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Rome',
] as const;
export type Timezone = (typeof TIMEZONES)[number];

export const THEME_COLORS = [
  'light.purple',
  'dark.purple',
  'light.blue',
  'dark.blue',
  'light.green',
  'dark.green',
  'light.orange',
  'dark.orange',
  'light.red',
  'dark.red',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const DEFAULT_THEME: ThemeColor = 'light.blue';

export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;

export const SCREEN = { mobileMax: 768, tabletMax: 1024 } as const;

export const TEMPLATE_STATUSES = [
  'APPROVED',
  'PENDING',
  'REJECTED',
  'FAILED',
  'DEACTIVATED',
  'PAUSED',
  'REVISION',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const CAMPAIGN_STATUS = {
  created: 0,
  scheduled: 1,
  running: 2,
  sent: 3,
  cancelled: 4,
  dispatchStarted: 5,
  dispatchFinished: 6,
} as const;

export const CHANNEL_HEALTH = { allConnected: 1, someConnected: 2, noneConnected: 3 } as const;

export const CUSTOMER_CHANNELS = [
  'whatsapp',
  'invalid',
  'error',
  'undefined',
  'messenger',
  'instagram',
  'telegram',
  'email',
  'widget',
] as const;

export const MESSAGE_SENDERS = ['operator', 'bot', 'customer'] as const;

export const MANAGER_COMPANY_PERMISSIONS = [
  'manage_integration',
  'manage_automation',
  'manage_allow_spies',
  'manage_queue_all',
  'hide_personal_data_manager_open',
  'limit_view_customer_wallet_manager',
  'contacts:import-base',
  'contacts:export-base',
  'wallets:export-base',
  'allow_customer_delete_manager',
] as const;

export const OPERATOR_PERMISSIONS = [
  'display_report_base_to_operators',
  'export_report_base_to_operators',
  'allow_spies',
  'allow_spies_based_on_your_department',
  'allow_operator_transfer_call',
  'contacts:wallet_view',
  'display_chatbot_attendances',
  'display_operators_attendances',
  'display_all_attendances',
  'show_gupshup_wallet_balance_to_operators',
  'hide_personal_data_operator_open',
  'limit_view_customer_wallet_operator',
  'operator_contacts:import-base',
  'operator_contacts:export-base',
  'operator_wallets:export-base',
] as const;

export const PLAN_ACCESS_ROLLOUT = 'rdcbill:plan-access-control';
export const PLAN_ACCESS_EXCEPTION_ROLLOUT = 'rdcbill:plan-access-control-exception';

/** Timings and limits of spec point 9. */
export const LIMITS = {
  mediaUploadBytes: 15_728_640,
  mediaUploadBytesGupshup: 104_857_600,
  profileImageBytes: 1_000_000,
  loginTimeoutMs: 120_000,
  chunkLoadTimeoutMs: 120_000,
  searchDebounceMs: 500,
  notificationDurationMs: 2000,
  toastDurationMs: 3000,
  rolloutRefreshMs: 300_000,
  checkStatusDelayMs: 500,
  reconnectAlertAttempt: 4,
  migrationReloadMs: 500,
  conversationWindowSeconds: 86_400,
  campaignCancelWindowMinutes: 2,
  templateReviewHours: 24,
  reviewModalAfterDays: 5,
  sessionCountingAllowedTotal: 600,
  mediaCacheDays: 15,
} as const;

/** How much of a contact's personal data a restricted viewer sees (spec point 6). */
export const SENSITIVE_DATA_MODES = ['partial', 'total'] as const;
