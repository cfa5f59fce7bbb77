import type { MonitoringView } from '@atende/shared/contracts/analytics/views';
import { analyticsPtBR as t } from '@atende/shared/i18n/analytics';
import { companyRoom } from '@atende/shared/realtime/rooms';
import { readSettings } from '../company/settings-reader.ts';
import { readCompanyItem } from '../company/store.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { searchEmployees } from '../employees/search.ts';
import type { EmployeeRecord } from '../account/records.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { listRoomMembers } from '../realtime/store.ts';
import { NONE } from './rollup.ts';
import { recentFacts, recentWindows } from './recent.ts';
import { openFacts } from './service.ts';

/** A wallboard lists at most this many employees (pages of 200); larger teams filter by department. */
const MAX_EMPLOYEES = 1000;

export async function allEmployees(companyId: string): Promise<EmployeeRecord[]> {
  const employees: EmployeeRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await searchEmployees(companyId, undefined, cursor, 200);
    employees.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && employees.length < MAX_EMPLOYEES);
  return employees;
}

/**
 * The live wallboard: each active employee's status (a connection in the company room is online) and open
 * conversations against the max chats setting, and each queue's waiting count and longest wait, from the
 * ledger's open facts; wait p50/p90 and abandoned conversations of the last 30 and 60 minutes.
 */
export async function monitoring(auth: AuthContext, now = new Date()): Promise<MonitoringView> {
  const [company, employees, members] = await Promise.all([
    readCompanyItem(auth.companyId),
    allEmployees(auth.companyId),
    listRoomMembers(auth.companyId, companyRoom(auth.companyId)),
  ]);
  const labels = new Map(flatten(readTree(company.departments)).map((node) => [node._id, node.label]));
  const [open, recent] = await Promise.all([
    openFacts({ companyId: auth.companyId, timeZone: '', departmentLabels: labels, filtered: false }),
    recentFacts(auth.companyId, now),
  ]);
  const online = new Set(members.map((member) => member.employeeId));
  const load = new Map<string, number>();
  const queues = new Map<string, { waiting: number; oldest: string | null }>();
  const totals = { bot: 0, waiting: 0, in_service: 0 };
  for (const fact of open) {
    if (fact.status === 'bot') totals.bot += 1;
    else if (fact.status === 'queue') {
      totals.waiting += 1;
      const key = fact.department ?? NONE;
      const queue = queues.get(key) ?? { waiting: 0, oldest: null };
      const since = fact.queued_at ?? fact.opened_at;
      queues.set(key, {
        waiting: queue.waiting + 1,
        oldest: queue.oldest === null || since < queue.oldest ? since : queue.oldest,
      });
    } else if (fact.employee) {
      totals.in_service += 1;
      load.set(fact.employee._id, (load.get(fact.employee._id) ?? 0) + 1);
    }
  }
  const max = readSettings(company).chatLimits.maxActiveChatsPerOperator;
  return {
    employees: employees
      .filter((employee) => !employee.inactive)
      .map((employee) => ({
        _id: employee._id,
        name: employee.name,
        role: employee.role,
        status: online.has(employee._id) ? ('online' as const) : ('offline' as const),
        open: load.get(employee._id) ?? 0,
        max,
      }))
      .sort((a, b) => b.open - a.open || a.name.localeCompare(b.name)),
    queues: [...queues.entries()]
      .map(([key, queue]) => ({
        key,
        label: key === NONE ? t.noDepartment : (labels.get(key) ?? key),
        waiting: queue.waiting,
        longest_wait_s: queue.oldest
          ? Math.max(0, Math.round((now.getTime() - Date.parse(queue.oldest)) / 1000))
          : null,
      }))
      .sort((a, b) => b.waiting - a.waiting),
    totals,
    recent: recentWindows(recent, now),
    generated_at: now.toISOString(),
  };
}
