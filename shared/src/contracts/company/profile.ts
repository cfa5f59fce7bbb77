import * as z from 'zod';
import { ADDRESS_PARTS } from '../../domain/address.ts';
import { PLAN_CODES, TIMEZONES } from '../../domain/constants.ts';
import { adminPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { cnpjDigits, isValidCnpj } from './cnpj.ts';

const required = formsPtBR.requiredField;

const addressPart = z.string().trim().max(120);
export const addressBody = z.object(
  Object.fromEntries(ADDRESS_PARTS.map((part) => [part, addressPart])) as Record<
    (typeof ADDRESS_PARTS)[number],
    typeof addressPart
  >,
);

export const companyProfileView = z.object({
  name: z.string(),
  /** Digits only. */
  cnpj: z.string().nullable(),
  address: addressBody,
  /** 'Informações incompletas para o endereço...' while any part is blank (spec point 5). */
  addressWarning: z.string().nullable(),
  timezone: z.enum(TIMEZONES),
  /** Read-only: the plan is changed in the financial area, never here. */
  plan: z.object({
    account_type: z.enum(PLAN_CODES),
    internal_plan_code: z.string(),
    account_is_trial: z.boolean(),
    dueDate: z.string().nullable(),
    max_included_users: z.number().int(),
    active_users: z.number().int(),
  }),
});
export type CompanyProfileView = z.infer<typeof companyProfileView>;

/** `cnpj` may be typed with or without its mask; it is stored as digits. `null` clears it. */
export const updateCompanyProfileBody = z
  .object({
    name: z.string({ error: required }).trim().min(1, required).max(120),
    cnpj: z.string().refine(isValidCnpj, adminPtBR.invalidCnpj).transform(cnpjDigits).nullable(),
    address: addressBody.partial(),
    timezone: z.enum(TIMEZONES, { error: adminPtBR.invalidTimezone }),
  })
  .partial()
  .strict();
