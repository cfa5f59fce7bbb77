import type { AppCatalogueEntry, AppName } from '../domain/apps.ts';

/** Spec point 5, fields each app needs before it can be installed. */
export const APP_REQUIRED_FIELDS: Partial<Record<AppName, readonly string[]>> = {
  salesforce: ['token', 'client_key', 'login_user', 'login_password', 'security_token'],
  pipedrive: ['token', 'domain'],
  vortico: ['token', 'end_attendance_flow'],
  rdstation: ['alias'],
};
const DEFAULT_REQUIRED = ['token'] as const;

/** Shop name: letters, digits and hyphens, then the shop platform's domain. */
export const SHOPIFY_SHOP_PATTERN = /^[A-Za-z0-9-]+\.myshopify\.com$/;

/** Names of the required fields that are missing or blank (rdstation's alias must not be blank either). */
export function missingAppFields(app: AppName, values: Record<string, string | undefined>): string[] {
  const required = APP_REQUIRED_FIELDS[app] ?? DEFAULT_REQUIRED;
  const missing = required.filter((field) => !values[field]?.trim());
  if (app === 'shopify' && !SHOPIFY_SHOP_PATTERN.test(values.shop ?? '')) missing.push('shop');
  // The shop signs its order webhooks with this secret; without it none could be verified.
  if (app === 'shopify' && !values.webhook_secret?.trim()) missing.push('webhook_secret');
  return missing;
}

/** Spec point 3: an app is offered when available, the plan is one of allowedPlans and any planFeature is held. */
export function appAllowedForPlan(
  entry: Pick<AppCatalogueEntry, 'available' | 'allowedPlans' | 'planFeature'>,
  plan: string,
  planFeatures: readonly string[],
): boolean {
  if (!entry.available) return false;
  if (!(entry.allowedPlans as readonly string[]).includes(plan)) return false;
  return entry.planFeature === undefined || planFeatures.includes(entry.planFeature);
}

/**
 * Optional fields an app's form also shows, after the required ones. RD Station CRM requires only its alias
 * (spec point 5); its API token is asked too, optional, because the contact sync calls the API with it: without
 * one the app installs and nothing syncs.
 */
const OPTIONAL_FIELDS: Partial<Record<AppName, readonly string[]>> = {
  shopify: ['shop', 'webhook_secret'],
  rdstation: ['token'],
};

/** The fields an install form shows: the required ones, then the optional ones (Shopify's shop and secret). */
export function appFormFields(app: AppName): string[] {
  return [...(APP_REQUIRED_FIELDS[app] ?? DEFAULT_REQUIRED), ...(OPTIONAL_FIELDS[app] ?? [])];
}

/** Pipedrive's company domain: a subdomain of pipedrive.com, or the bare company name. */
export const PIPEDRIVE_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}(\.pipedrive\.com)?$/i;
