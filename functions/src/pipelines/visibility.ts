import { reachesCustomer } from '@atende/shared/rules/wallet-reach';
import type { Viewer } from '../conversations/visibility.ts';
import type { ActivityRecord, DealRecord } from './records.ts';

/**
 * Deals follow the inbox (spec points 5/6; conversations/visibility.ts): admins see every deal; everyone sees
 * the deals they own. Under the wallet limit a wallet customer's deals are only for the wallet's members.
 * Managers see their departments' deals (manage_allow_spies: every department's). Operators see their
 * departments' deals (allow_spies or display_all_attendances: every department's). A deal with no department
 * is the company's, like the general queue.
 */
export function canSeeDeal(
  viewer: Viewer,
  deal: Pick<DealRecord, 'owner' | 'department'>,
  customerWallet: string | null,
): boolean {
  if (viewer.role === 'admin') return true;
  if (deal.owner === viewer.employeeId) return true;
  if (!reachesCustomer(viewer.wallets, customerWallet)) return false;
  const own = deal.department === null || viewer.departments.has(deal.department);
  const p = viewer.permissions;
  if (viewer.role === 'manager') return own || p.manage_allow_spies === true;
  return own || p.allow_spies === true || p.display_all_attendances === true;
}

/**
 * The agenda: admins see every activity; a manager also sees those of the employees of their departments;
 * everyone sees the activities assigned to them or that they created.
 */
export function canSeeActivity(
  viewer: Viewer,
  activity: Pick<ActivityRecord, 'assignee' | 'created_by'>,
  departmentMates: ReadonlySet<string>,
): boolean {
  if (viewer.role === 'admin') return true;
  if (activity.assignee === viewer.employeeId || activity.created_by === viewer.employeeId) return true;
  return viewer.role === 'manager' && departmentMates.has(activity.assignee);
}
