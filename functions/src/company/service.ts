import {
  type CompanyPermissionsView,
  companyPermissionsView,
  type updateCompanyPermissionsBody,
} from '@atende/shared/contracts/company/permissions';
import type { CompanyProfileView, updateCompanyProfileBody } from '@atende/shared/contracts/company/profile';
import {
  type CompanySettingsDocument,
  type CompanySettingsPatch,
  companySettingsSchema,
  mergeCompanySettings,
} from '@atende/shared/contracts/company/settings';
import { type Address, addressSchema } from '@atende/shared/domain/address';
import {
  DEFAULT_TIMEZONE,
  MANAGER_COMPANY_PERMISSIONS,
  OPERATOR_PERMISSIONS,
  PLAN_CODES,
  TIMEZONES,
} from '@atende/shared/domain/constants';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import { addressWarning } from '@atende/shared/rules/address';
import * as z from 'zod';
import { auditActor, auditItem } from '../audit/store.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { activeUsers, maxIncludedUsers } from '../employees/limits.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { parseInput } from '../lib/validation.ts';
import { publishRefresh } from './events.ts';
import { readSettings, SETTINGS_ATTRIBUTE } from './settings-reader.ts';
import { changeCompany, type CompanyItem, readCompanyItem } from './store.ts';

const flags = z.record(z.string(), z.boolean()).catch({});

export async function getSettings(auth: AuthContext): Promise<CompanySettingsDocument> {
  return readSettings(await readCompanyItem(auth.companyId));
}

/** Department references must name departments of this company. */
function requireDepartments(settings: CompanySettingsDocument, company: CompanyItem): void {
  const ids = new Set(flatten(readTree(company.departments)).map((node) => node._id));
  const forwarding = settings.chatbotForwarding.department;
  if (forwarding !== null && !ids.has(forwarding)) {
    throw new Invalid('chatbotForwarding.department', adminPtBR.departmentNotFound);
  }
  const outcome = settings.invalidResponses.outcome;
  if (outcome.kind === 'department' && !ids.has(outcome.department)) {
    throw new Invalid('invalidResponses.outcome.department', adminPtBR.departmentNotFound);
  }
}

/**
 * Merges the patch into the stored document and validates the result whole; the document and the spec's
 * company-level switches it mirrors (tabulation_mode, wallet_mode ...) are written in one conditional write.
 */
export async function updateSettings(auth: AuthContext, patch: CompanySettingsPatch) {
  const actor = await auditActor(auth);
  const saved = await changeCompany(auth.companyId, (company) => {
    const before = readSettings(company);
    const after = parseInput(companySettingsSchema, mergeCompanySettings(before, patch), 'body');
    requireDepartments(after, company);
    return {
      set: {
        [SETTINGS_ATTRIBUTE]: after,
        tabulation_mode: after.serviceCategories.tabulation_mode,
        wallet_mode: after.wallets.wallet_mode,
        limit_customers_to_wallet_employees: after.wallets.limit_customers_to_wallet_employees,
        department_mode: after.departmentsMenu.department_mode,
        whatsapp_official_allow_active: after.whatsapp.whatsapp_official_allow_active,
      },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'company_settings',
          entityId: auth.companyId,
          action: 'update',
          before,
          after,
        }),
      ],
      result: after,
    };
  });
  await publishRefresh(auth.companyId, 'update-company');
  return saved;
}

const permissionsView = (stored: Record<string, boolean>): CompanyPermissionsView =>
  companyPermissionsView.parse({
    manager: Object.fromEntries(MANAGER_COMPANY_PERMISSIONS.map((name) => [name, stored[name] === true])),
    operator: Object.fromEntries(OPERATOR_PERMISSIONS.map((name) => [name, stored[name] === true])),
  });

export async function getPermissions(auth: AuthContext) {
  const company = await readCompanyItem(auth.companyId);
  return permissionsView(flags.parse(company.permissions));
}

export async function updatePermissions(
  auth: AuthContext,
  patch: z.infer<typeof updateCompanyPermissionsBody>,
) {
  const actor = await auditActor(auth);
  const saved = await changeCompany(auth.companyId, (company) => {
    const before = flags.parse(company.permissions);
    const after = { ...before, ...patch.manager, ...patch.operator };
    return {
      set: { permissions: after },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'company_permissions',
          entityId: auth.companyId,
          action: 'update',
          before,
          after,
        }),
      ],
      result: permissionsView(after),
    };
  });
  await publishRefresh(auth.companyId, 'update-company');
  return saved;
}

const timezoneOf = (company: CompanyItem) => {
  const settings = z.object({ timezone: z.enum(TIMEZONES) }).safeParse(company.settings);
  return settings.success ? settings.data.timezone : DEFAULT_TIMEZONE;
};

const addressOf = (company: CompanyItem): Address =>
  addressSchema.catch(addressSchema.parse({})).parse(company.address ?? {});

async function profileView(company: CompanyItem, companyId: string): Promise<CompanyProfileView> {
  const address = addressOf(company);
  return {
    name: String(company.name),
    cnpj: typeof company.cnpj === 'string' && company.cnpj !== '' ? company.cnpj : null,
    address,
    addressWarning: addressWarning(address) ?? null,
    timezone: timezoneOf(company),
    plan: {
      account_type: z.enum(PLAN_CODES).parse(company.account_type),
      internal_plan_code: String(company.internal_plan_code ?? company.account_type),
      account_is_trial: company.account_is_trial === true,
      dueDate: typeof company.dueDate === 'string' ? company.dueDate : null,
      max_included_users: maxIncludedUsers(company),
      active_users: await activeUsers(company, companyId),
    },
  };
}

export async function getProfile(auth: AuthContext) {
  return profileView(await readCompanyItem(auth.companyId), auth.companyId);
}

/** Name, CNPJ, address and timezone; the plan is read-only here. */
export async function updateProfile(auth: AuthContext, patch: z.infer<typeof updateCompanyProfileBody>) {
  const actor = await auditActor(auth);
  const saved = await changeCompany(auth.companyId, (company) => {
    const before = {
      name: company.name,
      cnpj: company.cnpj ?? null,
      address: addressOf(company),
      timezone: timezoneOf(company),
    };
    const after = {
      name: patch.name ?? before.name,
      cnpj: patch.cnpj === undefined ? before.cnpj : patch.cnpj,
      address: { ...before.address, ...patch.address },
      timezone: patch.timezone ?? before.timezone,
    };
    return {
      set: {
        name: after.name,
        address: after.address,
        'settings.timezone': after.timezone,
        ...(after.cnpj !== null ? { cnpj: after.cnpj } : {}),
      },
      remove: after.cnpj === null ? ['cnpj'] : [],
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'company_profile',
          entityId: auth.companyId,
          action: 'update',
          before,
          after,
        }),
      ],
      result: {
        ...company,
        ...after,
        settings: { ...(company.settings as object), timezone: after.timezone },
      },
    };
  });
  await publishRefresh(auth.companyId, 'update-company');
  return profileView(saved, auth.companyId);
}
