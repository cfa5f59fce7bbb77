import type { HomeSummary } from '@atende/shared/contracts/analytics/views';
import { readCompanyItem } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import { membershipsOf, readTree } from '../departments/tree.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NONE } from './rollup.ts';
import { openFacts, overview } from './service.ts';
import { localHour } from './time.ts';

/** The instant the company's local day of `now` began (whole-hour offsets, as the rollups are hourly). */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const local = localHour(now.toISOString(), timeZone);
  const hoursIntoDay = local.hour;
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  return new Date(start.getTime() - hoursIntoDay * 3_600_000);
}

/**
 * app/home: my open conversations, what waits in my departments' queues (the company queue too for an admin),
 * and today's figures in my scope (admin: the company, manager: their departments, operator: their own).
 */
export async function homeSummary(auth: AuthContext, now = new Date()): Promise<HomeSummary> {
  const company = await readCompanyItem(auth.companyId);
  const from = startOfLocalDay(now, timezoneOf(company));
  const to = new Date(now.getTime() + 3_600_000);
  const [today, open] = await Promise.all([
    overview(auth, { from: from.toISOString(), to: to.toISOString(), business_hours: false }),
    openFacts({ companyId: auth.companyId, timeZone: '', departmentLabels: new Map(), filtered: false }),
  ]);
  const mine = new Set(membershipsOf(readTree(company.departments), auth.employeeId));
  const myQueue = (department: string | null) =>
    auth.role === 'admin' ? true : mine.has(department ?? NONE);
  return {
    my_open: open.filter((fact) => fact.employee?._id === auth.employeeId && fact.status !== 'bot').length,
    waiting_in_my_queues: open.filter((fact) => fact.status === 'queue' && myQueue(fact.department)).length,
    today,
  };
}
