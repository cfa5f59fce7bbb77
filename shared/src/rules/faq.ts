import type { Role } from '../domain/constants.ts';
import type { FaqRole } from '../domain/employee.ts';

export interface FaqContext {
  role: Role;
  employeeId: string;
  company: {
    modules: Record<string, number>;
    settings?: {
      faqModule?: { mode: 'normal' | 'team'; admins: string[]; managers: string[]; creators: string[] };
    };
  };
}

export const FAQ_MODULE = 'faq';

export function faqModuleEnabled(ctx: FaqContext): boolean {
  return ctx.company.modules[FAQ_MODULE] === 1;
}

/**
 * Spec point 5, FAQ: team mode takes the role from the admin/manager/creator lists (the strongest list wins when an
 * employee is on several); normal mode uses the company role, where only a company admin has an FAQ role.
 */
export function faqRole(ctx: FaqContext): FaqRole | undefined {
  if (!faqModuleEnabled(ctx)) return undefined;
  const setting = ctx.company.settings?.faqModule;
  if (setting?.mode === 'team') {
    if (setting.admins.includes(ctx.employeeId)) return 'admin';
    if (setting.managers.includes(ctx.employeeId)) return 'manager';
    if (setting.creators.includes(ctx.employeeId)) return 'creator';
    return undefined;
  }
  return ctx.role === 'admin' ? 'admin' : undefined;
}
