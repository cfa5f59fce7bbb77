import type { CompanyItem } from '../company/store.ts';
import { countActiveEmployees } from './store.ts';

/**
 * Users a company may have active when its record stores no `max_included_users` (the plan's number comes
 * from billing, which is not part of this product yet): 50 for every plan, demo and professional included.
 */
export const DEFAULT_MAX_INCLUDED_USERS = 50;

/** The company item attribute counting active employees; moved by every create, deactivate, reactivate. */
export const ACTIVE_USERS_ATTRIBUTE = 'active_users';

export const maxIncludedUsers = (company: CompanyItem): number =>
  typeof company.max_included_users === 'number' ? company.max_included_users : DEFAULT_MAX_INCLUDED_USERS;

/** The counter, started from the employees index the first time a company needs it. */
export async function activeUsers(company: CompanyItem, companyId: string): Promise<number> {
  const stored = company[ACTIVE_USERS_ATTRIBUTE];
  return typeof stored === 'number' ? stored : countActiveEmployees(companyId);
}
