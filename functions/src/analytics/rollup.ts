import { DDSketch } from '@datadog/sketches-js';
import type { Contribution, ConversationFact, Duration } from './facts.ts';

/**
 * Hourly rollups. Each (company, partition, UTC hour, key) item holds counters, and per duration measure and
 * mode (calendar, business hours) a count, a sum and a DDSketch (1% relative accuracy): sketches merge exactly,
 * so a percentile over any range of hours is the percentile of the whole range. The sketch is kept as its
 * non-empty bins ("zeros;key:count,..."), not the library's protobuf, which writes every bin between the lowest
 * and the highest (1 KB for one value, 4 KB for an hour's spread of waits) and would make range reads slow.
 *
 * Partitions: `all` (one key per hour: fast unfiltered figures), `combo` (channel|department|employee),
 * `tag` / `tabulation` (value|channel|department|employee): filters and scoped breakdowns group these in
 * memory; and `by_<dimension>` (the value alone): the unrestricted breakdown by that dimension.
 */
export const MEASURES = ['wait', 'first_response', 'resolution'] as const;
export type Measure = (typeof MEASURES)[number];
export const MODES = ['cal', 'bh'] as const;
export type Mode = (typeof MODES)[number];
/** CSAT: responses, the sum of grades and one count per grade (the distribution). */
export const CSAT_GRADES = [1, 2, 3, 4, 5] as const;
export const COUNTERS = [
  'opened',
  'closed',
  'received',
  'sent',
  'csat_n',
  'csat_sum',
  ...CSAT_GRADES.map((grade) => `csat_${grade}` as const),
] as const;
export type Counter = (typeof COUNTERS)[number];
/**
 * One partition per breakdown dimension, keyed by that dimension's value alone: an unrestricted breakdown
 * reads only its own dimension's items (3 channels' items, not every channel × department × employee combo).
 * Tags have none: a conversation with many tags would multiply the items one event writes.
 */
export const SINGLE_PARTITIONS = ['by_channel', 'by_department', 'by_employee', 'by_tabulation'] as const;
export type SinglePartition = (typeof SINGLE_PARTITIONS)[number];
export const PARTITIONS = ['all', 'combo', 'tag', 'tabulation', ...SINGLE_PARTITIONS] as const;
export type Partition = (typeof PARTITIONS)[number];

const RELATIVE_ACCURACY = 0.01;
export const NONE = 'none';
/** The one key of the `all` partition's items. */
export const ALL_KEY = '-';

export interface Stat {
  n: number;
  sum: number;
  sketch: DDSketch;
}

export interface Rollup {
  counters: Record<Counter, number>;
  stats: Record<`${Measure}_${Mode}`, Stat>;
  labels: Record<string, string>;
}

const newSketch = () => new DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });

export function encodeSketch(sketch: DDSketch): string {
  const bins: string[] = [];
  sketch.store.bins.forEach((count, index) => {
    if (count > 0) bins.push(`${index + sketch.store.offset}:${count}`);
  });
  return `${sketch.zeroCount};${bins.join(',')}`;
}

export function decodeSketch(encoded: string): DDSketch {
  const sketch = newSketch();
  const [zeros = '0', bins = ''] = encoded.split(';');
  if (Number(zeros) > 0) sketch.accept(0, Number(zeros));
  for (const bin of bins ? bins.split(',') : []) {
    const [key = '0', count = '0'] = bin.split(':');
    sketch.accept(sketch.mapping.value(Number(key)), Number(count));
  }
  return sketch;
}

const statKey = (measure: Measure, mode: Mode) => `${measure}_${mode}` as const;

export function emptyRollup(): Rollup {
  const stats = {} as Rollup['stats'];
  for (const measure of MEASURES) {
    for (const mode of MODES) {
      stats[statKey(measure, mode)] = { n: 0, sum: 0, sketch: newSketch() };
    }
  }
  const counters = Object.fromEntries(COUNTERS.map((counter) => [counter, 0])) as Record<Counter, number>;
  return { counters, stats, labels: {} };
}

export function addContribution(rollup: Rollup, contribution: Contribution): void {
  for (const counter of ['opened', 'closed', 'received', 'sent'] as const) {
    rollup.counters[counter] += contribution[counter] ?? 0;
  }
  if (contribution.csat) {
    rollup.counters.csat_n += 1;
    rollup.counters.csat_sum += contribution.csat;
    rollup.counters[`csat_${contribution.csat as (typeof CSAT_GRADES)[number]}`] += 1;
  }
  for (const measure of MEASURES) {
    const duration: Duration | undefined = contribution[measure];
    if (!duration) continue;
    for (const mode of MODES) {
      const stat = rollup.stats[statKey(measure, mode)];
      stat.n += 1;
      stat.sum += duration[mode];
      stat.sketch.accept(duration[mode]);
    }
  }
}

type StatKey = keyof Rollup['stats'];

/**
 * Rollup items summed for a read: counters and sums added, sketch bins added as integer counts straight from
 * their stored form; each measure's DDSketch is built once, at the end (`rollupOfSum`). Decoding every item
 * into a sketch and merging those cost most of a 90-day breakdown's time.
 */
export interface RollupSum {
  counters: Record<Counter, number>;
  stats: Record<StatKey, { n: number; sum: number; zeros: number; bins: Map<number, number> }>;
  labels: Record<string, string>;
}

export function emptySum(): RollupSum {
  const stats = {} as RollupSum['stats'];
  for (const measure of MEASURES) {
    for (const mode of MODES) stats[statKey(measure, mode)] = { n: 0, sum: 0, zeros: 0, bins: new Map() };
  }
  const counters = Object.fromEntries(COUNTERS.map((counter) => [counter, 0])) as Record<Counter, number>;
  return { counters, stats, labels: {} };
}

/**
 * Adds one stored rollup item into `into`, or takes it out (`sign` -1): a day item less some of its hours is
 * exactly the sum of the others, counters, sums and sketch bins alike (bins are integer counts).
 */
export function addItem(into: RollupSum, item: Record<string, unknown>, sign: 1 | -1 = 1): void {
  for (const counter of COUNTERS) into.counters[counter] += sign * Number(item[counter] ?? 0);
  for (const key of Object.keys(into.stats) as StatKey[]) {
    const encoded = item[`${key}_sk`];
    if (typeof encoded !== 'string') continue;
    const stat = into.stats[key];
    stat.n += sign * Number(item[`${key}_n`] ?? 0);
    stat.sum += sign * Number(item[`${key}_sum`] ?? 0);
    const [zeros = '0', bins = ''] = encoded.split(';');
    stat.zeros += sign * Number(zeros);
    for (const bin of bins ? bins.split(',') : []) {
      const colon = bin.indexOf(':');
      const index = Number(bin.slice(0, colon));
      stat.bins.set(index, (stat.bins.get(index) ?? 0) + sign * Number(bin.slice(colon + 1)));
    }
  }
  const labels = item.labels;
  if (labels && typeof labels === 'object') {
    for (const [id, label] of Object.entries(labels)) if (typeof label === 'string') into.labels[id] = label;
  }
}

/** The rollup of a sum: one sketch per measure from the summed bins. */
export function rollupOfSum(sum: RollupSum): Rollup {
  const rollup = emptyRollup();
  rollup.counters = { ...sum.counters };
  rollup.labels = sum.labels;
  for (const [key, stat] of Object.entries(sum.stats) as [StatKey, RollupSum['stats'][StatKey]][]) {
    const sketch = rollup.stats[key].sketch;
    if (stat.zeros > 0) sketch.accept(0, stat.zeros);
    // A bin taken out as often as it was added (a subtracted hour) is empty, not a bin of zero.
    for (const [index, count] of stat.bins) if (count > 0) sketch.accept(sketch.mapping.value(index), count);
    rollup.stats[key] = { n: stat.n, sum: stat.sum, sketch };
  }
  return rollup;
}

/** The item attributes of a rollup (sketches as protobuf bytes, only those that saw a value). */
export function rollupAttributes(rollup: Rollup): Record<string, unknown> {
  // Zero counters are left out (read back as 0): most items never see a grade.
  const counters = Object.entries(rollup.counters).filter(([, value]) => value !== 0);
  const attributes: Record<string, unknown> = { ...Object.fromEntries(counters), labels: rollup.labels };
  for (const [key, stat] of Object.entries(rollup.stats)) {
    if (stat.n === 0) continue;
    attributes[`${key}_n`] = stat.n;
    attributes[`${key}_sum`] = stat.sum;
    attributes[`${key}_sk`] = encodeSketch(stat.sketch);
  }
  return attributes;
}

export function rollupOf(item: Record<string, unknown>): Rollup {
  const rollup = emptyRollup();
  for (const counter of COUNTERS) rollup.counters[counter] = Number(item[counter] ?? 0);
  for (const key of Object.keys(rollup.stats) as (keyof Rollup['stats'])[]) {
    const encoded = item[`${key}_sk`];
    if (typeof encoded !== 'string') continue;
    rollup.stats[key] = {
      n: Number(item[`${key}_n`] ?? 0),
      sum: Number(item[`${key}_sum`] ?? 0),
      sketch: decodeSketch(encoded),
    };
  }
  const labels = item.labels;
  if (labels && typeof labels === 'object') {
    rollup.labels = Object.fromEntries(
      Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return rollup;
}

/**
 * Every contribution is counted in its UTC hour's item and in its UTC day's item: a long range reads its whole
 * days from the day items (90 instead of 2,160 per key) and only its ragged edges from the hour items.
 */
export const GRAINS = ['hour', 'day'] as const;
export type Grain = (typeof GRAINS)[number];

/** The UTC hour (`YYYY-MM-DDTHH`) or day (`YYYY-MM-DD`) an instant falls in. */
export const bucketOf = (at: string, grain: Grain): string =>
  new Date(at).toISOString().slice(0, grain === 'hour' ? 13 : 10);

export const hourOf = (at: string): string => bucketOf(at, 'hour');

export const comboKey = (fact: Pick<ConversationFact, 'channel' | 'department' | 'employee'>): string =>
  `${fact.channel || NONE}|${fact.department ?? NONE}|${fact.employee?._id ?? NONE}`;

/** Every (partition, key) a fact's contribution is counted under, and the labels it teaches. */
export function dimensionsOf(
  fact: Pick<ConversationFact, 'channel' | 'department' | 'employee' | 'tabulation' | 'tags'>,
): { partition: Partition; key: string; labels: Record<string, string> }[] {
  const combo = comboKey(fact);
  const labels: Record<string, string> = fact.employee ? { [fact.employee._id]: fact.employee.name } : {};
  const tabulation = fact.tabulation?._id ?? NONE;
  const tabulationLabels = fact.tabulation
    ? { ...labels, [fact.tabulation._id]: fact.tabulation.label }
    : labels;
  const [channel = NONE, department = NONE, employee = NONE] = combo.split('|');
  return [
    { partition: 'all', key: ALL_KEY, labels: {} },
    { partition: 'combo', key: combo, labels },
    { partition: 'tabulation', key: `${tabulation}|${combo}`, labels: tabulationLabels },
    ...fact.tags.map((tag) => ({ partition: 'tag' as const, key: `${tag}|${combo}`, labels })),
    // The labels match what the backfill sums from the combo and tabulation items these derive from.
    { partition: 'by_channel', key: channel, labels },
    { partition: 'by_department', key: department, labels },
    { partition: 'by_employee', key: employee, labels },
    { partition: 'by_tabulation', key: tabulation, labels: tabulationLabels },
  ];
}

/**
 * The combo-like partition a single-dimension partition is the sum of, and the single key of one of its
 * keys (`channel|department|employee`, or `tabulation|channel|department|employee`).
 */
export const SINGLE_SOURCES: Record<SinglePartition, { from: Partition; keyOf: (key: string) => string }> = {
  by_channel: { from: 'combo', keyOf: (key) => key.split('|')[0] ?? NONE },
  by_department: { from: 'combo', keyOf: (key) => key.split('|')[1] ?? NONE },
  by_employee: { from: 'combo', keyOf: (key) => key.split('|')[2] ?? NONE },
  by_tabulation: { from: 'tabulation', keyOf: (key) => key.split('|')[0] ?? NONE },
};
