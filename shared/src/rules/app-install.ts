import type { AppName } from '../domain/apps.ts';

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
  return missing;
}
