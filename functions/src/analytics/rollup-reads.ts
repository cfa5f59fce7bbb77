import type { AnalyticsFilters } from '@atende/shared/contracts/analytics/views';
import { config } from '../lib/config.ts';
import { batchGet } from '../lib/dynamo/batch-get.ts';
import { type Item, queryAll } from '../lib/dynamo/query.ts';
import { ledgerKeys } from './ledger-store.ts';
import { ALL_KEY, bucketOf, COUNTERS, type Grain, MEASURES, type Mode, type Partition } from './rollup.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const UNIT: Record<Grain, number> = { hour: HOUR_MS, day: DAY_MS };
/**
 * A long range is read as several key ranges at once rather than one Query paging through it 1 MB after
 * another: a 90-day breakdown's pages were read one by one, which was most of its time.
 */
const SEGMENT: Record<Grain, number> = { hour: 7 * DAY_MS, day: 15 * DAY_MS };
/** BatchGetItem's limit of keys per call. */
const BATCH_GET_SIZE = 100;

/**
 * Only what a read uses: a figure is in calendar or in business time, never both, so the other mode's
 * sketches (half of an item's bytes) are left in the table.
 */
const attributesOf = (mode: Mode) => [
  'key',
  'hour',
  'day',
  'labels',
  ...COUNTERS,
  ...MEASURES.flatMap((measure) => ['n', 'sum', 'sk'].map((part) => `${measure}_${mode}_${part}`)),
];

function projection(mode: Mode) {
  const attributes = attributesOf(mode);
  return {
    ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
  };
}

/** The items of one partition and grain whose buckets start in [from, to), read in parallel segments. */
function buckets(pk: string, grain: Grain, from: number, to: number, mode: Mode): Promise<Item[]>[] {
  const reads: Promise<Item[]>[] = [];
  for (let start = from; start < to; start += SEGMENT[grain]) {
    const end = Math.min(start + SEGMENT[grain], to);
    reads.push(
      queryAll({
        TableName: config().mainTable,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ...projection(mode),
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': `${bucketOf(new Date(start).toISOString(), grain)}#`,
          ':to': `${bucketOf(new Date(end - UNIT[grain]).toISOString(), grain)}#\uffff`,
        },
      }),
    );
  }
  return reads;
}

/**
 * The rollup items of one partition covering the hours that start in [from, to): whole UTC days from the day
 * items and the hours before the first and after the last whole day from the hour items (`grain: 'hour'`
 * reads hours only, for the breakdowns by local hour or day). Items carry `mode`'s measures only.
 */
export async function rollupItems(
  companyId: string,
  partition: Partition,
  filters: Pick<AnalyticsFilters, 'from' | 'to' | 'business_hours'>,
  grain: 'hour' | 'mixed' = 'mixed',
): Promise<Item[]> {
  const mode: Mode = filters.business_hours ? 'bh' : 'cal';
  const start = Math.floor(Date.parse(filters.from) / HOUR_MS) * HOUR_MS;
  // `to` is exclusive: an hour starting exactly at `to` is out.
  const end = Math.ceil(Date.parse(filters.to) / HOUR_MS) * HOUR_MS;
  const hourPk = ledgerKeys.rollupPartition(companyId, partition, 'hour');
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const endDay = Math.floor(end / DAY_MS) * DAY_MS;
  const reads =
    grain === 'hour' || endDay <= firstDay
      ? buckets(hourPk, 'hour', start, end, mode)
      : [
          ...buckets(hourPk, 'hour', start, firstDay, mode),
          ...buckets(ledgerKeys.rollupPartition(companyId, partition, 'day'), 'day', firstDay, endDay, mode),
          ...buckets(hourPk, 'hour', endDay, end, mode),
        ];
  return (await Promise.all(reads)).flat();
}

/**
 * Hour items of the `all` partition by their keys (one key per hour): scattered hours are a few BatchGets
 * (of 100, in parallel) rather than a Query per run of hours.
 */
async function allHours(companyId: string, hours: Iterable<number>, mode: Mode): Promise<Item[][]> {
  const keys = [...hours].map((hour) =>
    ledgerKeys.rollup(companyId, 'all', bucketOf(new Date(hour).toISOString(), 'hour'), ALL_KEY),
  );
  const chunks: (typeof keys)[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_SIZE) {
    chunks.push(keys.slice(start, start + BATCH_GET_SIZE));
  }
  return Promise.all(
    chunks.map(async (chunk) => [
      ...(await batchGet(chunk, { attributes: attributesOf(mode), consistent: false })).values(),
    ]),
  );
}

/** A rollup item counted into `group` (a local date), added or taken out. */
export interface SignedItem {
  item: Item;
  sign: 1 | -1;
  group: string;
}

/** Consecutive starts (`unit` apart) as [first, end) runs, so each run is one key range. */
function runs(starts: Iterable<number>, unit: number): [number, number][] {
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const start of sorted) {
    const last = out.at(-1);
    if (last && last[1] === start) last[1] = start + unit;
    else out.push([start, start + unit]);
  }
  return out;
}

/**
 * The rollup items of one partition that sum, per company-local day (`dateOf` an hour's start), the hours
 * starting in [from, to). A local day is not a UTC day (Fortaleza's starts at 03:00Z), but it is mostly one:
 * it is read as that UTC day's item, less the UTC day's hours outside the local day, plus the local day's
 * hours outside the UTC day (90 day items and 270 hour items for 90 days in UTC−3, instead of 2,160 hours).
 * A day whose hours are fewer to read one by one (a ragged range edge) is read from its hours.
 */
export async function localDayItems(
  companyId: string,
  partition: Partition,
  filters: Pick<AnalyticsFilters, 'from' | 'to' | 'business_hours'>,
  dateOf: (hourStart: number) => string,
): Promise<SignedItem[]> {
  const mode: Mode = filters.business_hours ? 'bh' : 'cal';
  const start = Math.floor(Date.parse(filters.from) / HOUR_MS) * HOUR_MS;
  const end = Math.ceil(Date.parse(filters.to) / HOUR_MS) * HOUR_MS;
  const hoursOf = new Map<string, number[]>();
  for (let hour = start; hour < end; hour += HOUR_MS) {
    const date = dateOf(hour);
    hoursOf.set(date, [...(hoursOf.get(date) ?? []), hour]);
  }
  const dayUses = new Map<number, { sign: 1 | -1; group: string }[]>();
  const hourUses = new Map<number, { sign: 1 | -1; group: string }[]>();
  const use = (uses: typeof dayUses, at: number, sign: 1 | -1, group: string) =>
    uses.set(at, [...(uses.get(at) ?? []), { sign, group }]);
  for (const [date, hours] of hoursOf) {
    const perDay = new Map<number, number>();
    for (const hour of hours) {
      const day = Math.floor(hour / DAY_MS) * DAY_MS;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const [day, inside] = [...perDay].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    // One day item, its hours outside the local day, and the local day's hours outside it.
    if (1 + (24 - inside) + (hours.length - inside) >= hours.length) {
      for (const hour of hours) use(hourUses, hour, 1, date);
      continue;
    }
    use(dayUses, day, 1, date);
    const own = new Set(hours);
    for (let hour = day; hour < day + DAY_MS; hour += HOUR_MS)
      if (!own.has(hour)) use(hourUses, hour, -1, date);
    for (const hour of hours) if (hour < day || hour >= day + DAY_MS) use(hourUses, hour, 1, date);
  }
  const read = (grain: Grain, uses: typeof dayUses) =>
    runs(uses.keys(), UNIT[grain]).flatMap(([first, last]) =>
      buckets(ledgerKeys.rollupPartition(companyId, partition, grain), grain, first, last, mode),
    );
  const [days, hours] = await Promise.all([
    Promise.all(read('day', dayUses)),
    partition === 'all' ? allHours(companyId, hourUses.keys(), mode) : Promise.all(read('hour', hourUses)),
  ]);
  const signed = (items: Item[], grain: Grain, uses: typeof dayUses) =>
    items.flatMap((item) => {
      const at = Date.parse(
        grain === 'day' ? `${String(item.day)}T00:00:00Z` : `${String(item.hour)}:00:00Z`,
      );
      return (uses.get(at) ?? []).map(({ sign, group }) => ({ item, sign, group }));
    });
  return [...signed(days.flat(), 'day', dayUses), ...signed(hours.flat(), 'hour', hourUses)];
}
