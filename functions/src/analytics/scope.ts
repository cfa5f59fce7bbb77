import type { AnalyticsFilters } from '@atende/shared/contracts/analytics/views';
import { flatten, membershipsOf, readTree } from '../departments/tree.ts';
import { readCompanyItem } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import type { ConversationFact } from './facts.ts';
import { NONE } from './rollup.ts';

/**
 * What a caller may see and asked to see: an admin everything, a manager their departments only, an operator
 * (allowed by display_report_base_to_operators) their own conversations; then the query's own filters.
 */
export interface Scope {
  companyId: string;
  timeZone: string;
  channel?: string;
  /** Departments allowed (undefined: any, including none). */
  departments?: ReadonlySet<string>;
  employee?: string;
  departmentLabels: ReadonlyMap<string, string>;
  /** Whether any restriction applies: unfiltered figures come from the `all` rollups. */
  filtered: boolean;
}

export async function scopeOf(auth: AuthContext, filters: AnalyticsFilters): Promise<Scope> {
  const company = await readCompanyItem(auth.companyId);
  const tree = readTree(company.departments);
  const departmentLabels = new Map(flatten(tree).map((node) => [node._id, node.label]));
  let departments: Set<string> | undefined;
  if (auth.role === 'manager') departments = new Set(membershipsOf(tree, auth.employeeId));
  if (filters.department) {
    departments = new Set(departments && !departments.has(filters.department) ? [] : [filters.department]);
  }
  let employee = filters.employee;
  if (auth.role === 'operator') {
    // An operator asking for someone else's figures gets nothing, not their own under another name.
    employee = employee && employee !== auth.employeeId ? NONE_MATCH : auth.employeeId;
  }
  return {
    companyId: auth.companyId,
    timeZone: timezoneOf(company),
    channel: filters.channel,
    departments,
    employee,
    departmentLabels,
    filtered: Boolean(filters.channel || departments || employee),
  };
}

/** An employee id no conversation has. */
const NONE_MATCH = '!';

/** Whether a rollup combo key (channel|department|employee) or a fact falls in the scope. */
export function inScope(scope: Scope, channel: string, department: string, employee: string): boolean {
  if (scope.channel && channel !== scope.channel) return false;
  if (scope.departments && !scope.departments.has(department)) return false;
  if (scope.employee && employee !== scope.employee) return false;
  return true;
}

export const factInScope = (scope: Scope, fact: ConversationFact): boolean =>
  inScope(scope, fact.channel, fact.department ?? NONE, fact.employee?._id ?? NONE);
