import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AgentTimelineView, PresenceStatus } from '@atende/shared/contracts/analytics/agent-timeline';
import { zoneOffsetMs } from '@atende/shared/rules/business-time';
import { readCompanyItem } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import { flatten, readTree } from '../departments/tree.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { allEmployees } from './monitoring.ts';
import { type PresenceState, presenceKeys, type StatusInterval } from './presence-ledger.ts';

const DAY_MS = 86_400_000;

/** [start, end) of a company-local day, as instants. */
export function localDay(day: string, timeZone: string): { start: number; end: number } {
  const midnight = (date: string) => {
    const guess = Date.parse(`${date}T00:00:00Z`);
    const first = guess - zoneOffsetMs(guess, timeZone);
    return guess - zoneOffsetMs(first, timeZone);
  };
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { start: midnight(day), end: midnight(next) };
}

/** Who the caller may see: an admin everyone, a manager their departments' employees, an operator themself. */
async function visibleAgents(auth: AuthContext, employee: string | undefined) {
  const [company, employees] = await Promise.all([
    readCompanyItem(auth.companyId),
    allEmployees(auth.companyId),
  ]);
  let allowed: Set<string> | undefined;
  if (auth.role === 'operator') allowed = new Set([auth.employeeId]);
  if (auth.role === 'manager') {
    const mine = flatten(readTree(company.departments)).filter((node) =>
      node.employees.includes(auth.employeeId),
    );
    allowed = new Set([auth.employeeId, ...mine.flatMap((node) => node.employees)]);
  }
  return {
    timeZone: timezoneOf(company),
    agents: employees.filter(
      (record) => (!allowed || allowed.has(record._id)) && (!employee || record._id === employee),
    ),
  };
}

/**
 * Each visible agent's online / "Pausa" / offline intervals within a company day, the current one running to
 * now, and the seconds spent in each. Stored intervals never cross a UTC midnight, so those that start up to a
 * day before the local day are all that can reach into it.
 */
export async function agentTimeline(
  auth: AuthContext,
  query: { day: string; employee?: string | undefined },
  now = Date.now(),
): Promise<AgentTimelineView> {
  const { timeZone, agents } = await visibleAgents(auth, query.employee);
  const { start, end } = localDay(query.day, timeZone);
  const until = Math.min(end, now);
  const [stored, current] = await Promise.all([
    queryAll({
      TableName: config().mainTable,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': presenceKeys.intervals(auth.companyId),
        ':from': new Date(start - DAY_MS).toISOString(),
        ':to': `${new Date(end).toISOString()}#`,
      },
    }),
    queryAll({
      TableName: config().mainTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': presenceKeys.state(auth.companyId) },
    }),
  ]);
  const byEmployee = new Map<string, StatusInterval[]>();
  const add = (employee: string, interval: StatusInterval) => {
    const from = Math.max(Date.parse(interval.start), start);
    const to = Math.min(Date.parse(interval.end), until);
    if (to <= from) return;
    const list = byEmployee.get(employee) ?? [];
    list.push({
      status: interval.status,
      start: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
    });
    byEmployee.set(employee, list);
  };
  for (const item of stored) add(String(item.employee), item as unknown as StatusInterval);
  for (const item of current) {
    const state = item.state as PresenceState;
    if (state.since)
      add(String(item.employee), {
        status: state.status,
        start: state.since,
        end: new Date(now).toISOString(),
      });
  }
  return {
    day: query.day,
    agents: agents.map((agent) => {
      const intervals = (byEmployee.get(agent._id) ?? []).sort((a, b) => a.start.localeCompare(b.start));
      const totals: Record<PresenceStatus, number> = { online: 0, away: 0, offline: 0 };
      for (const interval of intervals) {
        totals[interval.status] += Math.round((Date.parse(interval.end) - Date.parse(interval.start)) / 1000);
      }
      return { employee: agent._id, name: agent.name, intervals, totals };
    }),
  };
}

/** The caller's chosen status; the stream turns the change into `employee.status_changed`. */
export async function setMyStatus(auth: AuthContext, status: 'online' | 'away') {
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: presenceKeys.choice(auth.companyId),
        sk: auth.employeeId,
        entity: 'employee_presence',
        company: auth.companyId,
        employee: auth.employeeId,
        status,
        at: new Date().toISOString(),
      },
    }),
  );
  return { status };
}
