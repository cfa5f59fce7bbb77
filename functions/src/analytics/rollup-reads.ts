import type { AnalyticsFilters } from '@atende/shared/contracts/analytics/views';
import { config } from '../lib/config.ts';
import { type Item, queryAll } from '../lib/dynamo/query.ts';
import { ledgerKeys } from './ledger-store.ts';
import { bucketOf, COUNTERS, type Grain, MEASURES, type Mode, type Partition } from './rollup.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const UNIT: Record<Grain, number> = { hour: HOUR_MS, day: DAY_MS };
/**
 * A long range is read as several key ranges at once rather than one Query paging through it 1 MB after
 * another: a 90-day breakdown's pages were read one by one, which was most of its time.
 */
const SEGMENT: Record<Grain, number> = { hour: 7 * DAY_MS, day: 15 * DAY_MS };

/**
 * Only what a read uses: a figure is in calendar or in business time, never both, so the other mode's
 * sketches (half of an item's bytes) are left in the table.
 */
function projection(mode: Mode) {
  const attributes = [
    'key',
    'hour',
    'day',
    'labels',
    ...COUNTERS,
    ...MEASURES.flatMap((measure) => ['n', 'sum', 'sk'].map((part) => `${measure}_${mode}_${part}`)),
  ];
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
