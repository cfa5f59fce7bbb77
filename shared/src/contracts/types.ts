import type { z } from 'zod';
import type { HandlerRef } from '../infra/handlers.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - public: anyone (sign-up, sign-in, health);
 * - employee: a bearer access token checked by the Lambda authorizer;
 * - apiKey: an integrator's API key (API Gateway usage plan) checked by the same authorizer;
 * - webhook: a channel provider; the handler verifies the provider's signature.
 */
export type AuthKind = 'public' | 'employee' | 'apiKey' | 'webhook';

export type RoleName = 'admin' | 'manager' | 'operator';

/** Access rule of spec point 5, filled by the issues that add the routes. */
export interface AccessRule {
  /** Roles allowed; 'all' (or absent) means any authenticated employee. */
  roles?: readonly RoleName[] | 'all';
  /** Plan codes allowed; others are refused. */
  plans?: readonly string[];
  /** Plan features required (any of). */
  planFeatures?: readonly string[];
  /** Company modules required (any of, enabled = 1). */
  modules?: readonly string[];
  /** Rollout flags required. */
  rollouts?: readonly string[];
  /** Permission name checked per role (e.g. contacts:view). */
  permission?: string;
  /** Company-level permission a manager needs (spec point 5). */
  companyPermission?: string;
  /**
   * Company permission flag(s) an operator needs, every one of them (spec point 5: reports need
   * display_report_base_to_operators; exporting them needs export_report_base_to_operators as well).
   */
  operatorPermission?: string | readonly string[];
  /** FAQ roles allowed (spec point 2, FAQ module); the FAQ role comes from rules/faq.ts. */
  faqRoles?: readonly ('admin' | 'manager' | 'creator')[];
}

export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends AuthKind = AuthKind,
> {
  /** Unique id, "<domain>.<operation>". */
  id: string;
  method: HttpMethod;
  /** Path below the API prefix, API Gateway style: /employees/{id}. */
  path: string;
  /** The domain whose Lambda serves the route. */
  domain: DomainName;
  auth: A;
  access?: AccessRule;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  /** Status of a successful answer; 200 unless set. */
  successStatus?: number;
  /** Largest accepted body in bytes; the gateway answers 413 above it. */
  maxBodyBytes?: number;
}

export const defineRoute = <
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  const A extends AuthKind = AuthKind,
>(
  contract: RouteContract<P, Q, B, R, A>,
): RouteContract<P, Q, B, R, A> => contract;

/** Every API path begins with this prefix, in AWS (REST API resources, CloudFront behaviour) and locally. */
export const API_PREFIX = '/api';

/** Default request body limit (API Gateway's own hard limit is 10 MB). */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** The domains, each served by one Lambda. */
export const DOMAINS = {
  health: { handler: { module: 'health/handler', export: 'handler' } },
  auth: { handler: { module: 'auth/handler', export: 'handler' } },
  account: { handler: { module: 'account/handler', export: 'handler' } },
  employees: { handler: { module: 'employees/handler', export: 'handler' } },
  departments: { handler: { module: 'departments/handler', export: 'handler' } },
  tabulations: { handler: { module: 'tabulations/handler', export: 'handler' } },
  company: { handler: { module: 'company/handler', export: 'handler' } },
  audit: { handler: { module: 'audit/handler', export: 'handler' } },
  integrations: { handler: { module: 'integrations/handler', export: 'handler' } },
  widget: { handler: { module: 'channels/widget/handler', export: 'handler' } },
  conversations: { handler: { module: 'conversations/handler', export: 'handler' } },
  messages: { handler: { module: 'messages/handler', export: 'handler' } },
  customers: { handler: { module: 'customers/handler', export: 'handler' } },
  contacts: { handler: { module: 'contacts/handler', export: 'handler' } },
  tags: { handler: { module: 'tags/handler', export: 'handler' } },
  wallets: { handler: { module: 'wallets/handler', export: 'handler' } },
  quickMessages: { handler: { module: 'quick-messages/handler', export: 'handler' } },
  variables: { handler: { module: 'variables/handler', export: 'handler' } },
  commands: { handler: { module: 'commands/handler', export: 'handler' } },
  customFields: { handler: { module: 'custom-fields/handler', export: 'handler' } },
  blacklist: { handler: { module: 'blacklist/handler', export: 'handler' } },
  smartTags: { handler: { module: 'smart-tags/handler', export: 'handler' } },
  webhooks: { handler: { module: 'webhooks/handler', export: 'handler' } },
  templates: { handler: { module: 'templates/handler', export: 'handler' } },
  tmail: { handler: { module: 'tmail/handler', export: 'handler' } },
  faq: { handler: { module: 'faq/handler', export: 'handler' } },
  clientLogs: { handler: { module: 'client-logs/handler', export: 'handler' } },
  profile: { handler: { module: 'profile/handler', export: 'handler' } },
  billing: { handler: { module: 'billing/handler', export: 'handler' } },
  news: { handler: { module: 'news/handler', export: 'handler' } },
  suggestions: { handler: { module: 'suggestions/handler', export: 'handler' } },
  academy: { handler: { module: 'academy/handler', export: 'handler' } },
  fanpage: { handler: { module: 'fanpage/handler', export: 'handler' } },
  flows: { handler: { module: 'flows/handler', export: 'handler' } },
  pipelines: { handler: { module: 'pipelines/handler', export: 'handler' } },
  ai: { handler: { module: 'ai/handler', export: 'handler' } },
  apps: { handler: { module: 'apps/handler', export: 'handler' } },
  appWebhooks: { handler: { module: 'apps/webhooks/handler', export: 'handler' } },
  campaigns: { handler: { module: 'campaigns/handler', export: 'handler' } },
  analytics: { handler: { module: 'analytics/handler', export: 'handler' } },
  webhookEndpoints: { handler: { module: 'webhook-endpoints/handler', export: 'handler' } },
  apiKeys: { handler: { module: 'api-keys/handler', export: 'handler' } },
} as const satisfies Record<string, { handler: HandlerRef }>;

export type DomainName = keyof typeof DOMAINS;
