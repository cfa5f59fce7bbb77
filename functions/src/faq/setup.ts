import type { FaqSetupView } from '@atende/shared/contracts/faq/views';
import { type FaqModuleSetting, faqModuleSettingSchema } from '@atende/shared/domain/organization';
import { faqPtBR } from '@atende/shared/i18n/pt-BR';
import { faqRole } from '@atende/shared/rules/faq';
import { loadAccessContext } from '../company/access-context.ts';
import { changeCompany } from '../company/store.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { companyRoom } from '@atende/shared/realtime/rooms';

const DEFAULT_SETTING: FaqModuleSetting = { mode: 'normal', admins: [], managers: [], creators: [] };

/** The caller's FAQ role (spec point 5) and the module setting. */
export async function faqSetup(auth: AuthContext): Promise<FaqSetupView> {
  const ctx = await loadAccessContext(auth);
  const stored = ctx.company.settings?.faqModule;
  return {
    role: faqRole(ctx) ?? null,
    configured: stored !== undefined,
    setting: stored ?? DEFAULT_SETTING,
  };
}

/**
 * Saves settings.faqModule. Everyone named must be an employee of the company, and in team mode the saving
 * admin stays an FAQ admin, so nobody locks the FAQ's configuration away from everyone.
 */
export async function updateFaqConfig(auth: AuthContext, body: FaqModuleSetting): Promise<FaqSetupView> {
  const setting = faqModuleSettingSchema.parse({
    ...body,
    admins: [...new Set(body.admins)],
    managers: [...new Set(body.managers)],
    creators: [...new Set(body.creators)],
  });
  for (const field of ['admins', 'managers', 'creators'] as const) {
    const known = await existingEmployeeIds(auth.companyId, setting[field]);
    if (setting[field].some((id) => !known.has(id))) throw new Invalid(field, faqPtBR.unknownEmployee);
  }
  if (setting.mode === 'team' && !setting.admins.includes(auth.employeeId))
    setting.admins.push(auth.employeeId);
  await changeCompany(auth.companyId, () => ({ set: { 'settings.faqModule': setting }, result: undefined }));
  // Open sessions re-read the company (their FAQ role); the change is saved already, so a lost frame is logged.
  await publishToRoom(auth.companyId, companyRoom(auth.companyId), 'refresh-session', {
    event: 'update-company',
  }).catch((error: unknown) =>
    logger.warn('update-company not delivered', {
      companyId: auth.companyId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  return faqSetup(auth);
}
