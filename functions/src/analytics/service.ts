import type {
  AnalyticsFilters,
  AnalyticsMeasures,
  BreakdownDimension,
  BreakdownRow,
} from '@atende/shared/contracts/analytics/views';
import { analyticsPtBR as t } from '@atende/shared/i18n/analytics';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { type Item, queryAll } from '../lib/dynamo/query.ts';
import { config } from '../lib/config.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import type { ConversationFact } from './facts.ts';
import { ledgerKeys } from './ledger-store.ts';
import { localDayItems, rollupItems, type SignedItem } from './rollup-reads.ts';
import {
  CSAT_GRADES,
  emptyRollup,
  addItem,
  emptySum,
  type RollupSum,
  rollupOfSum,
  NONE,
  type Partition,
  type Rollup,
  type Stat,
} from './rollup.ts';
import { factInScope, inScope, type Scope, scopeOf } from './scope.ts';
import { localHour } from './time.ts';
import { tagCatalogue } from '../tags/catalogue.ts';

/** Open conversations now, in the scope. */
export async function openFacts(scope: Scope): Promise<ConversationFact[]> {
  const items = await queryAll({
    TableName: config().mainTable,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': ledgerKeys.openFacts(scope.companyId) },
  });
  return items.map((item) => item.fact as ConversationFact).filter((fact) => factInScope(scope, fact));
}

const round = (value: number) => Math.round(value);
function summary(stat: Stat) {
  if (stat.n === 0) return { avg_s: null, p50_s: null, p90_s: null };
  return {
    avg_s: round(stat.sum / stat.n),
    p50_s: round(stat.sketch.getValueAtQuantile(0.5)),
    p90_s: round(stat.sketch.getValueAtQuantile(0.9)),
  };
}

/** The average grade to two decimals, and how many answered each grade (1 to 5). */
function csatOf(rollup: Rollup): AnalyticsMeasures['csat'] {
  const { csat_n: responses, csat_sum: sum } = rollup.counters;
  return {
    average: responses > 0 ? Math.round((sum / responses) * 100) / 100 : null,
    responses,
    grades: CSAT_GRADES.map((grade) => rollup.counters[`csat_${grade}`]),
  };
}

export function measuresOf(rollup: Rollup, openNow: number, businessHours: boolean): AnalyticsMeasures {
  const mode = businessHours ? 'bh' : 'cal';
  return {
    conversations: { opened: rollup.counters.opened, closed: rollup.counters.closed, open_now: openNow },
    wait: summary(rollup.stats[`wait_${mode}`]),
    first_response: summary(rollup.stats[`first_response_${mode}`]),
    resolution: summary(rollup.stats[`resolution_${mode}`]),
    messages: { received: rollup.counters.received, sent: rollup.counters.sent },
    csat: csatOf(rollup),
  };
}

/** Splits a rollup key `[value|]channel|department|employee`. */
function parts(key: string, withValue: boolean) {
  const fields = key.split('|');
  const [value, channel = NONE, department = NONE, employee = NONE] = withValue ? fields : ['', ...fields];
  return { value: value ?? '', channel, department, employee };
}

interface Group {
  key: string;
  rollup: Rollup;
}

interface PendingGroup {
  key: string;
  sum: RollupSum;
}

const isCombo = (partition: Partition) =>
  partition === 'combo' || partition === 'tag' || partition === 'tabulation';

/** Whether a sum counts nothing (every stored item counts something: a contribution always does). */
const isEmpty = (sum: RollupSum) =>
  Object.values(sum.counters).every((value) => value === 0) &&
  Object.values(sum.stats).every((stat) => stat.n === 0);

/** Items read as they are, each counted once. */
const added = async (read: Promise<Item[]>): Promise<SignedItem[]> =>
  (await read).map((item) => ({ item, sign: 1, group: '' }));

/** Rollups grouped by `keyOf` (undefined drops the item), scope applied. */
async function grouped(
  scope: Scope,
  partition: Partition,
  read: Promise<SignedItem[]>,
  keyOf: (entry: SignedItem, fields: ReturnType<typeof parts>) => string | undefined,
): Promise<Map<string, Group>> {
  const pending = new Map<string, PendingGroup>();
  for (const entry of await read) {
    const fields = parts(String(entry.item.key), partition === 'tag' || partition === 'tabulation');
    // `all` is read only when nothing restricts the figures; a single-dimension key is kept or not by `keyOf`.
    if (isCombo(partition) && !inScope(scope, fields.channel, fields.department, fields.employee)) continue;
    const key = keyOf(entry, fields);
    if (key === undefined) continue;
    const group = pending.get(key) ?? { key, sum: emptySum() };
    addItem(group.sum, entry.item, entry.sign);
    pending.set(key, group);
  }
  // A local day read as a day item less its other hours can sum to nothing: it had no item, so no row.
  const counted = [...pending].filter(([, group]) => !isEmpty(group.sum));
  return new Map(counted.map(([key, group]) => [key, { key, rollup: rollupOfSum(group.sum) }]));
}

/**
 * The single-dimension partition that answers a scope restricted on one dimension alone (a channel filter, a
 * manager's departments, an operator's own conversations), and which of its keys the scope keeps.
 */
function singleScope(scope: Scope): { partition: Partition; keep: (key: string) => boolean } | undefined {
  const { channel, departments, employee } = scope;
  if (channel && !departments && !employee)
    return { partition: 'by_channel', keep: (key) => key === channel };
  if (departments && !channel && !employee) {
    return { partition: 'by_department', keep: (key) => departments.has(key) };
  }
  if (employee && !channel && !departments)
    return { partition: 'by_employee', keep: (key) => key === employee };
  return undefined;
}

export async function overview(auth: AuthContext, filters: AnalyticsFilters): Promise<AnalyticsMeasures> {
  const scope = await scopeOf(auth, filters);
  const single = scope.filtered ? singleScope(scope) : undefined;
  const partition = scope.filtered ? (single?.partition ?? 'combo') : 'all';
  const [groups, open] = await Promise.all([
    grouped(scope, partition, added(rollupItems(scope.companyId, partition, filters)), ({ item }) =>
      !single || single.keep(String(item.key)) ? 'total' : undefined,
    ),
    openFacts(scope),
  ]);
  return measuresOf(groups.get('total')?.rollup ?? emptyRollup(), open.length, filters.business_hours);
}

/** Where a breakdown reads when the caller's scope restricts nothing, and where when it does. */
const DIMENSION_PARTITION: Record<BreakdownDimension, { whole: Partition; scoped: Partition }> = {
  channel: { whole: 'by_channel', scoped: 'combo' },
  department: { whole: 'by_department', scoped: 'combo' },
  employee: { whole: 'by_employee', scoped: 'combo' },
  tag: { whole: 'tag', scoped: 'tag' },
  tabulation: { whole: 'by_tabulation', scoped: 'tabulation' },
  hour: { whole: 'all', scoped: 'combo' },
  day: { whole: 'all', scoped: 'combo' },
  weekday_hour: { whole: 'all', scoped: 'combo' },
};

/** The key of a local hour under a time dimension. */
function timeKey(by: 'hour' | 'day' | 'weekday_hour', at: string, timeZone: string): string {
  const local = localHour(at, timeZone);
  if (by === 'hour') return String(local.hour);
  if (by === 'day') return local.date;
  return `${local.weekday}-${local.hour}`;
}

const isTime = (by: BreakdownDimension): by is 'hour' | 'day' | 'weekday_hour' =>
  by === 'hour' || by === 'day' || by === 'weekday_hour';

/** The key a fact (for open_now) or a rollup item has under a dimension. */
function factKey(by: BreakdownDimension, fact: ConversationFact, timeZone: string): string[] {
  switch (by) {
    case 'channel':
      return [fact.channel];
    case 'department':
      return [fact.department ?? NONE];
    case 'employee':
      return [fact.employee?._id ?? NONE];
    case 'tag':
      return fact.tags;
    case 'tabulation':
      return [fact.tabulation?._id ?? NONE];
    case 'hour':
    case 'day':
    case 'weekday_hour':
      return [timeKey(by, fact.opened_at, timeZone)];
  }
}

async function labelsOf(scope: Scope, by: BreakdownDimension, groups: Map<string, Group>) {
  const learned = new Map<string, string>();
  for (const group of groups.values()) {
    for (const [id, label] of Object.entries(group.rollup.labels)) learned.set(id, label);
  }
  const tags =
    by === 'tag'
      ? new Map((await listCatalogue(tagCatalogue, scope.companyId)).map((tag) => [tag._id, tag.name]))
      : new Map<string, string>();
  return (key: string): string => {
    if (by === 'department') return key === NONE ? t.noDepartment : (scope.departmentLabels.get(key) ?? key);
    if (by === 'employee') return key === NONE ? t.noEmployee : (learned.get(key) ?? key);
    if (by === 'tabulation') return key === NONE ? t.noTabulation : (learned.get(key) ?? key);
    if (by === 'tag') return tags.get(key) ?? key;
    if (by === 'channel') return t.channels[key] ?? key;
    if (by === 'hour') return `${key.padStart(2, '0')}h`;
    if (by === 'weekday_hour') {
      const [weekday = '0', hour = '0'] = key.split('-');
      return `${t.weekdays[Number(weekday)] ?? weekday} ${hour.padStart(2, '0')}h`;
    }
    return key;
  };
}

export async function breakdown(
  auth: AuthContext,
  filters: AnalyticsFilters & { by: BreakdownDimension },
): Promise<{ rows: BreakdownRow[] }> {
  const scope = await scopeOf(auth, filters);
  const { by } = filters;
  // A scope restricted on the breakdown's own dimension alone (a manager's departments by department) reads
  // that dimension's partition too, keeping the keys in scope.
  const restricted = scope.filtered ? singleScope(scope) : undefined;
  const { whole, scoped } = DIMENSION_PARTITION[by];
  const partition = !scope.filtered || restricted?.partition === whole ? whole : scoped;
  const single = partition.startsWith('by_');
  const keep = restricted?.partition === partition ? restricted.keep : () => true;
  // Local days from UTC day items with their edge hours; local hours (of any day) from the hour items.
  const read =
    by === 'day'
      ? localDayItems(scope.companyId, partition, filters, (hour) =>
          timeKey('day', new Date(hour).toISOString(), scope.timeZone),
        )
      : added(rollupItems(scope.companyId, partition, filters, isTime(by) ? 'hour' : 'mixed'));
  const [groups, open] = await Promise.all([
    grouped(scope, partition, read, ({ item, group }, fields) => {
      if (by === 'day') return group;
      if (isTime(by)) return timeKey(by, `${String(item.hour)}:00:00Z`, scope.timeZone);
      if (single) return keep(String(item.key)) ? String(item.key) : undefined;
      if (by === 'channel') return fields.channel;
      if (by === 'department') return fields.department;
      if (by === 'employee') return fields.employee;
      return fields.value;
    }),
    openFacts(scope),
  ]);
  const openCounts = new Map<string, number>();
  for (const fact of open) {
    for (const key of factKey(by, fact, scope.timeZone)) openCounts.set(key, (openCounts.get(key) ?? 0) + 1);
  }
  const keys = new Set([...groups.keys(), ...(isTime(by) ? [] : openCounts.keys())]);
  const label = await labelsOf(scope, by, groups);
  const rows = [...keys].map((key) => ({
    key,
    label: label(key),
    ...measuresOf(groups.get(key)?.rollup ?? emptyRollup(), openCounts.get(key) ?? 0, filters.business_hours),
  }));
  rows.sort((a, b) =>
    by === 'hour'
      ? Number(a.key) - Number(b.key)
      : isTime(by)
        ? a.key.localeCompare(b.key, 'en', { numeric: true })
        : b.conversations.opened - a.conversations.opened || a.label.localeCompare(b.label),
  );
  return { rows };
}
