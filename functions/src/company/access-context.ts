import { faqModuleSettingSchema } from '@atende/shared/domain/organization';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import type { AccessContext } from '@atende/shared/rules/access';
import { getCompany } from '../account/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import { enabledRollouts } from './rollouts.ts';

/**
 * The spec's AccessContext for the server-side route guard: the role the authorizer read, and the company's
 * plan, modules, permission flags, rollouts and plan features from one read of the company record.
 */
export async function loadAccessContext(auth: AuthContext): Promise<AccessContext> {
  const company = await getCompany(auth.companyId);
  if (!company) throw new NotFound(adminPtBR.companyNotFound);
  const faqModule = faqModuleSettingSchema.safeParse(company.settings.faqModule);
  return {
    role: auth.role,
    employeeId: auth.employeeId,
    company: {
      account_type: company.account_type,
      modules: company.modules,
      permissions: company.permissions,
      ...(faqModule.success ? { settings: { faqModule: faqModule.data } } : {}),
    },
    rollouts: enabledRollouts(company),
    planFeatures: company.plan_features,
  };
}
