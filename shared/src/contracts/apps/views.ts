import * as z from 'zod';
import {
  APP_CATEGORIES,
  APP_NAMES,
  type AppName,
  SHOPIFY_ACTIONS,
  SHOPIFY_EVENTS,
} from '../../domain/apps.ts';
import { objectId } from '../../domain/object-id.ts';
import type { AccessRule } from '../types.ts';

/** app/integrations/apps (spec points 2 and 6): admins, and managers the company lets manage integrations. */
export const APPS_ACCESS = {
  roles: ['admin', 'manager'],
  companyPermission: 'manage_integration',
} as const satisfies AccessRule;

/** Every field an install form may carry (spec point 5 names them; Shopify adds its webhook signing secret). */
export const APP_FIELDS = [
  'token',
  'domain',
  'client_key',
  'login_user',
  'login_password',
  'security_token',
  'end_attendance_flow',
  'alias',
  'shop',
  'webhook_secret',
] as const;
export type AppField = (typeof APP_FIELDS)[number];

/** Fields that are secrets: sealed at rest, never answered (only whether they are set). */
export const SECRET_APP_FIELDS: ReadonlySet<AppField> = new Set([
  'token',
  'client_key',
  'login_password',
  'security_token',
  'webhook_secret',
]);

export const appNameParams = z.object({ name: z.enum(APP_NAMES) });

/**
 * The apps whose integration runs (CRM sync, OAuth sync, order webhooks); the others of the catalogue install
 * and keep their credentials, and their card says the integration is not available yet.
 */
export const WORKING_APPS: readonly AppName[] = [
  'pipedrive',
  'rdstationmarketing',
  'shopify',
  'agendor',
  'nectar',
  'salesforce',
  'rdstation',
];

/** Shopify: which order event sends which approved template through which official WhatsApp integration. */
export const shopifyAction = z.object({
  event: z.enum(SHOPIFY_EVENTS),
  action: z.enum(SHOPIFY_ACTIONS),
  integration: objectId,
  template: z.string().trim().min(1).max(512),
  /**
   * The template's body parameters in order, each a text with order variables ({{cliente.nome}},
   * {{pedido.numero}}, {{pedido.total}}, {{pedido.rastreio}}); absent: those four.
   */
  variables: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
});
export type ShopifyAction = z.infer<typeof shopifyAction>;

const fieldValue = z.string().max(512).optional();

export const installAppBody = z.object({
  ...(Object.fromEntries(APP_FIELDS.map((field) => [field, fieldValue])) as Record<
    AppField,
    typeof fieldValue
  >),
  shopify_actions: z.array(shopifyAction).max(3).optional(),
});
export type InstallAppBody = z.infer<typeof installAppBody>;

export const installationView = z.object({
  _id: objectId,
  installed_at: z.string(),
  /** Non-secret settings (domain, alias, shop, login user, flow). */
  settings: z.partialRecord(z.enum(APP_FIELDS), z.string()),
  /** Names of the secret fields saved; their values are never answered. */
  credentials_set: z.array(z.enum(APP_FIELDS)),
  shopify_actions: z.array(shopifyAction).optional(),
  /** Shopify: where the shop posts its order webhooks. */
  webhook_url: z.string().optional(),
  /** OAuth apps: the provider refused to renew the access for good; an admin must connect it again. */
  needs_reconnect: z.boolean().optional(),
});
export type InstallationView = z.infer<typeof installationView>;

export const appView = z.object({
  name: z.enum(APP_NAMES),
  label: z.string(),
  description: z.string(),
  logo: z.string(),
  category: z.enum(APP_CATEGORIES),
  available: z.boolean(),
  /** Whether the company's plan may install it (allowedPlans and planFeature). */
  allowed: z.boolean(),
  /** Fields the install form asks for, required first. */
  fields: z.array(z.object({ name: z.enum(APP_FIELDS), required: z.boolean(), secret: z.boolean() })),
  installation: installationView.nullable(),
});
export type AppView = z.infer<typeof appView>;

export const listAppsResponse = z.object({ apps: z.array(appView) });
export const uninstallAppResponse = z.object({ uninstalled: z.enum(APP_NAMES) });
