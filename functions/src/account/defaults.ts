import { COMPANY_MODULES, TRIAL_DAYS } from '@atende/shared/contracts/account/catalogue';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { DEFAULT_TIMEZONE, type PlanCode, type Role } from '@atende/shared/domain/constants';
import { DEFAULT_COMPANY_PERMISSIONS } from '@atende/shared/rules/permission-scope';
import type { CompanyRecord, EmployeeRecord } from './records.ts';

const DAY_MS = 86_400_000;

/** Every company module set to one value (enabled = 1). */
export const allModules = (value: 0 | 1): Record<string, number> =>
  Object.fromEntries(COMPANY_MODULES.map((name) => [name, value]));

/**
 * A new trial company: due in seven days, status active, modules off, permission flags at least privilege (the
 * admin turns them on in the settings page), the manager rollout on and no stored plan features.
 *
 * Why the manager rollout (docs/decisions.md): spec point 5 makes the manager company permissions bind only
 * under it and names no default; without it the permissions card would offer manager flags that do nothing.
 * A company that must keep the legacy behaviour blacklists the flag in its settings.
 */
export function newTrialCompany(input: {
  id: string;
  name: string;
  accountType: PlanCode;
  now: Date;
}): CompanyRecord {
  return {
    _id: input.id,
    name: input.name,
    account_type: input.accountType,
    internal_plan_code: input.accountType,
    account_is_trial: true,
    account_disabled: false,
    dueDate: new Date(input.now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    data_trial: { status: 'active' },
    modules: allModules(0),
    settings: { timezone: DEFAULT_TIMEZONE },
    permissions: { ...DEFAULT_COMPANY_PERMISSIONS },
    departments: [],
    whatsapps: {},
    official_whatsapps: {},
    created_at: input.now.toISOString(),
    rollouts: [ROLLOUTS.manager],
    rollout_blacklist: [],
    plan_features: [],
  };
}

export function newEmployee(input: {
  id: string;
  companyId: string;
  name: string;
  email: string;
  role: Role;
  isRoot: boolean;
  now: Date;
  /** Whether the password was set by someone else (an admin), so the first login must replace it. */
  passwordSetByAdmin: boolean;
}): EmployeeRecord {
  return {
    _id: input.id,
    name: input.name,
    email: input.email,
    role: input.role,
    is_root: input.isRoot,
    company: input.companyId,
    settings: {},
    created_at: input.now.toISOString(),
    last_access_in_platform: null,
    firstLogin: input.passwordSetByAdmin,
    modalGeneral: true,
    disableInactivity: false,
    inactive: false,
    rooms: [],
  };
}
