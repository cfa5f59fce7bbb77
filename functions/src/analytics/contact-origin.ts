import {
  type ContactOriginView,
  ORIGIN_DETAIL_DIMENSIONS,
  ORIGIN_DETAIL_ROWS,
  type OriginDetailDimension,
} from '@atende/shared/contracts/analytics/contact-origin';
import {
  CONTACT_ORIGINS,
  type ContactOrigin,
  type ContactOriginDetail,
} from '@atende/shared/domain/contact-origin';
import type { DomainEventOf } from '@atende/shared/events/index';
import { analyticsPtBR as t } from '@atende/shared/i18n/analytics';
import { readCompanyItem } from '../company/store.ts';
import { timezoneOf } from '../conversations/queue-rules.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { conditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { bucketOf } from './rollup.ts';
import { localHour } from './time.ts';

const HOUR_MS = 3_600_000;

/** Keys of the contact-origin counts; every one begins with the company id. */
export const originKeys = {
  /** Contacts created per UTC hour and origin: sk `YYYY-MM-DDTHH#<origin>`. */
  partition: (companyId: string) => `C#${companyId}#AN_ORIGIN#`,
  /** Widget contacts per UTC hour and detail: sk `YYYY-MM-DDTHH#<dimension>#<value>`. */
  details: (companyId: string) => `C#${companyId}#AN_ORIGIN_D#`,
  /** One per contact counted: whichever writer comes first (the live event or the backfill) counts it. */
  counted: (companyId: string, contact: string) => ({
    pk: `C#${companyId}#AN_ORIGIN_SEEN#${contact}`,
    sk: 'SEEN',
  }),
};

const isOrigin = (value: unknown): value is ContactOrigin =>
  (CONTACT_ORIGINS as readonly unknown[]).includes(value);

/**
 * Counts one created contact under its origin and the UTC hour it was created in, exactly once per contact:
 * the count and the contact's marker are one transaction, conditioned on the marker not existing. Answers
 * whether it counted.
 */
export async function countContact(
  companyId: string,
  contact: string,
  origin: ContactOrigin,
  createdAt: string,
  detail?: ContactOriginDetail,
): Promise<boolean> {
  const table = config().mainTable;
  const hour = bucketOf(createdAt, 'hour');
  const detailCounts = Object.fromEntries(
    detailValues(detail).map(([dimension, value]) => [
      `detail_${dimension}`,
      {
        Update: {
          TableName: table,
          Key: { pk: originKeys.details(companyId), sk: `${hour}#${dimension}#${value}` },
          UpdateExpression:
            'SET entity = :entity, #hour = :hour, dimension = :dimension, #key = :key ADD contacts :one',
          ExpressionAttributeNames: { '#hour': 'hour', '#key': 'key' },
          ExpressionAttributeValues: {
            ':entity': 'analytics_origin_detail',
            ':hour': hour,
            ':dimension': dimension,
            ':key': value,
            ':one': 1,
          },
        },
      },
    ]),
  );
  try {
    await transactWrite({
      ...detailCounts,
      marker: {
        Put: {
          TableName: table,
          Item: { ...originKeys.counted(companyId, contact), entity: 'analytics_origin_seen', origin },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      count: {
        Update: {
          TableName: table,
          Key: { pk: originKeys.partition(companyId), sk: `${hour}#${origin}` },
          UpdateExpression: 'SET entity = :entity, #hour = :hour, #key = :key ADD contacts :one',
          ExpressionAttributeNames: { '#hour': 'hour', '#key': 'key' },
          ExpressionAttributeValues: {
            ':entity': 'analytics_origin',
            ':hour': hour,
            ':key': origin,
            ':one': 1,
          },
        },
      },
    });
    return true;
  } catch (error) {
    if (conditionFailed(error, 'marker')) return false;
    throw error;
  }
}

/**
 * The detail values a contact is counted under: its landing page and UTM source, medium and campaign (an
 * empty value when its page carried none). A contact without a detail (not a widget visitor, or one from
 * before details were recorded) has none.
 */
function detailValues(detail: ContactOriginDetail | undefined): [OriginDetailDimension, string][] {
  if (!detail?.page && !detail?.utm) return [];
  return ORIGIN_DETAIL_DIMENSIONS.map((dimension) => [
    dimension,
    (dimension === 'page' ? detail.page : detail.utm?.[UTM_OF[dimension]]) ?? '',
  ]);
}

const UTM_OF = { utm_source: 'source', utm_medium: 'medium', utm_campaign: 'campaign' } as const;

/** The ledger's side of `contact.created`: contacts without a recorded origin count as `unknown`. */
export function applyContactCreated(event: DomainEventOf<'contact.created'>): Promise<boolean> {
  const { contact } = event.data;
  const origin = isOrigin(contact.origin) ? contact.origin : 'unknown';
  return countContact(
    event.company_id,
    contact._id,
    origin,
    contact.created_at || event.occurred_at,
    contact.origin_detail,
  );
}

/**
 * Contacts created in [from, to) per origin, and per company day. Hour items exist only for hours in which
 * contacts were created, so a year's range reads a few thousand small items at most.
 */
export async function contactOrigins(
  auth: AuthContext,
  query: { from: string; to: string },
): Promise<ContactOriginView> {
  const timeZone = timezoneOf(await readCompanyItem(auth.companyId));
  const start = Math.floor(Date.parse(query.from) / HOUR_MS) * HOUR_MS;
  const end = Math.ceil(Date.parse(query.to) / HOUR_MS) * HOUR_MS;
  const hours = (pk: string) =>
    queryAll({
      TableName: config().mainTable,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':from': `${bucketOf(new Date(start).toISOString(), 'hour')}#`,
        ':to': `${bucketOf(new Date(end - HOUR_MS).toISOString(), 'hour')}#\uffff`,
      },
    });
  const [items, detailItems] = await Promise.all([
    hours(originKeys.partition(auth.companyId)),
    hours(originKeys.details(auth.companyId)),
  ]);
  const totals = new Map<ContactOrigin, number>();
  const days = new Map<string, Record<string, number>>();
  for (const item of items) {
    const origin = item.key;
    const contacts = Number(item.contacts ?? 0);
    if (!isOrigin(origin) || contacts === 0) continue;
    totals.set(origin, (totals.get(origin) ?? 0) + contacts);
    const day = localHour(`${String(item.hour)}:00:00Z`, timeZone).date;
    const counts = days.get(day) ?? {};
    counts[origin] = (counts[origin] ?? 0) + contacts;
    days.set(day, counts);
  }
  const rows = [...totals]
    .map(([key, contacts]) => ({ key, label: t.contactOrigin.origins[key], contacts }))
    .sort((a, b) => b.contacts - a.contacts || a.label.localeCompare(b.label));
  return {
    total: rows.reduce((sum, row) => sum + row.contacts, 0),
    rows,
    details: detailTotals(detailItems),
    days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, counts })),
  };
}

/** Sums the detail hour items per dimension and value, most contacts first (then by value), capped per dimension. */
function detailTotals(items: Record<string, unknown>[]): ContactOriginView['details'] {
  const sums = new Map<OriginDetailDimension, Map<string, number>>(
    ORIGIN_DETAIL_DIMENSIONS.map((dimension) => [dimension, new Map()]),
  );
  for (const item of items) {
    const values = sums.get(item.dimension as OriginDetailDimension);
    const contacts = Number(item.contacts ?? 0);
    if (!values || typeof item.key !== 'string' || contacts === 0) continue;
    values.set(item.key, (values.get(item.key) ?? 0) + contacts);
  }
  return Object.fromEntries(
    [...sums].map(([dimension, values]) => [
      dimension,
      [...values]
        .map(([key, contacts]) => ({ key, contacts }))
        .sort((a, b) => b.contacts - a.contacts || a.key.localeCompare(b.key))
        .slice(0, ORIGIN_DETAIL_ROWS),
    ]),
  ) as ContactOriginView['details'];
}
