import * as z from 'zod';
import { PLAN_CODES, SENSITIVE_DATA_MODES, TIMEZONES } from './constants.ts';
import { addressSchema } from './address.ts';
import { chatSettingsSchema } from './chat-settings.ts';
import {
  channelIntegrationMapSchema,
  whatsappIntegrationMapSchema,
  whatsappIntegrationTypeSchema,
} from './integrations.ts';
import { objectId } from './object-id.ts';
import { departmentSchema, faqModuleSettingSchema, tabulationSchema, walletSchema } from './organization.ts';

export const planCodeSchema = z.enum(PLAN_CODES);
export const timezoneSchema = z.enum(TIMEZONES);

export const sensitiveDataModeSchema = z.enum(SENSITIVE_DATA_MODES);

export const companySettingsSchema = z.object({
  timezone: timezoneSchema.optional(),
  faqModule: faqModuleSettingSchema.optional(),
  facebook_active_pages: z.array(z.string()).default([]),
  contacts_manager_access_token: z.string().optional(),
  sensitive_data_mode: sensitiveDataModeSchema.default('partial'),
  chat: chatSettingsSchema.optional(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** Company permission flags (spec point 6), keyed by their spec names. */
export const companyPermissionsSchema = z.record(z.string(), z.boolean());

/** Module flags by name; a module is enabled when its value is 1. */
export const companyModulesSchema = z.record(z.string(), z.number().int());

export const financeDataSchema = z.object({
  subscription: z.object({
    data: z.object({ sale_item: z.object({ id: z.string() }) }),
  }),
  status_client: z.string(),
});

export const companySchema = z
  .object({
    _id: objectId,
    name: z.string().min(1),
    cnpj: z.string().optional(),
    account_type: planCodeSchema,
    internal_plan_code: z.string().optional(),
    account_is_trial: z.boolean().default(false),
    account_disabled: z.boolean().default(false),
    dueDate: z.iso.datetime().optional(),
    data_trial: z.object({ status: z.string() }).optional(),
    modules: companyModulesSchema.default({}),
    settings: companySettingsSchema.default({ facebook_active_pages: [], sensitive_data_mode: 'partial' }),
    permissions: companyPermissionsSchema.default({}),
    departments: z.array(departmentSchema).default([]),
    department_mode: z.boolean().default(false),
    wallets: z.array(walletSchema).default([]),
    wallet_mode: z.boolean().default(false),
    limit_customers_to_wallet_employees: z.boolean().default(false),
    tabulations: z.array(tabulationSchema).default([]),
    tabulation_mode: z.boolean().default(false),
    /** Installed apps by catalogue name. */
    apps: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
    whatsapps: whatsappIntegrationMapSchema.default({}),
    official_whatsapps: whatsappIntegrationMapSchema.default({}),
    emails: channelIntegrationMapSchema.default({}),
    telegrams: channelIntegrationMapSchema.default({}),
    instagrams: channelIntegrationMapSchema.default({}),
    widgets: channelIntegrationMapSchema.default({}),
    whatsapps_integrations_type: whatsappIntegrationTypeSchema.optional(),
    whatsapp_official_allow_active: z.boolean().default(false),
    address: addressSchema.optional(),
    finance_data: financeDataSchema.optional(),
    max_included_users: z.number().int().nonnegative().optional(),
  })
  /** status_payment_{product}_chat keys depend on the product slug, so they pass through. */
  .catchall(z.unknown());
export type Company = z.infer<typeof companySchema>;

export function paymentStatusKey(product: string): string {
  return `status_payment_${product}_chat`;
}
