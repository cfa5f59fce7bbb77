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
import { isTransactionConflict, TransactionCancelled, transactWrite } from '../lib/dynamo/transaction.ts';
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

interface Counting {
  contact: string;
  origin: ContactOrigin;
  hour: string;
  details: [OriginDetailDimension, string][];
  settle: (counted: boolean) => void;
  fail: (error: unknown) => void;
}

/** Contacts per transaction: a marker each, and at most one origin count and four detail counts each. */
const CONTACTS_PER_TRANSACTION = 15;
const CONFLICT_ATTEMPTS = 6;

/** Contacts waiting to be counted, per table and company, until the current turn of the event loop ends. */
const waiting = new Map<string, Counting[]>();

/**
 * Counts one created contact under its origin and the UTC hour it was created in, exactly once per contact:
 * its marker and the counts are written in one transaction, conditioned on the marker not existing. Contacts
 * of one company counted in the same turn (the records of a consumer batch run side by side) share the
 * transaction, their counts added up. Answers whether this call counted it.
 */
export function countContact(
  companyId: string,
  contact: string,
  origin: ContactOrigin,
  createdAt: string,
  detail?: ContactOriginDetail,
): Promise<boolean> {
  const key = `${config().mainTable}|${companyId}`;
  return new Promise((settle, fail) => {
    let batch = waiting.get(key);
    if (!batch) {
      const started: Counting[] = [];
      batch = started;
      waiting.set(key, started);
      setImmediate(() => {
        waiting.delete(key);
        void countTogether(companyId, started);
      });
    }
    batch.push({
      contact,
      origin,
      hour: bucketOf(createdAt, 'hour'),
      details: detailValues(detail),
      settle,
      fail,
    });
  });
}

async function countTogether(companyId: string, all: readonly Counting[]): Promise<void> {
  // A contact counted twice at once: the first call counts it, the others answer false.
  const first = new Map<string, Counting>();
  for (const counting of all) {
    if (first.has(counting.contact)) counting.settle(false);
    else first.set(counting.contact, counting);
  }
  const unique = [...first.values()];
  for (let at = 0; at < unique.length; at += CONTACTS_PER_TRANSACTION) {
    const part = unique.slice(at, at + CONTACTS_PER_TRANSACTION);
    await countPart(companyId, part).catch((error: unknown) => {
      for (const counting of part) counting.fail(error);
    });
  }
}

/** One transaction for the contacts; those already counted drop out (answered false) and the rest go again. */
async function countPart(companyId: string, contacts: readonly Counting[]): Promise<void> {
  let pending = contacts;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    try {
      await transactWrite(countItems(companyId, pending));
      for (const counting of pending) counting.settle(true);
      return;
    } catch (error) {
      const seen = new Set(
        error instanceof TransactionCancelled ? (error.failedWithin.get('markers') ?? []) : [],
      );
      if (seen.size === 0) {
        if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
        continue;
      }
      pending.forEach((counting, index) => {
        if (seen.has(index)) counting.settle(false);
      });
      pending = pending.filter((_, index) => !seen.has(index));
    }
  }
}

/** The contacts' markers, then their counts added up per hour and origin, and per hour, dimension and value. */
function countItems(companyId: string, contacts: readonly Counting[]) {
  const table = config().mainTable;
  const origins = new Map<string, { hour: string; origin: ContactOrigin; n: number }>();
  const details = new Map<string, { hour: string; dimension: string; value: string; n: number }>();
  for (const { hour, origin, details: values } of contacts) {
    const key = `${hour}#${origin}`;
    origins.set(key, { hour, origin, n: (origins.get(key)?.n ?? 0) + 1 });
    for (const [dimension, value] of values) {
      const sk = `${hour}#${dimension}#${value}`;
      details.set(sk, { hour, dimension, value, n: (details.get(sk)?.n ?? 0) + 1 });
    }
  }
  return {
    markers: contacts.map(({ contact, origin }) => ({
      Put: {
        TableName: table,
        Item: { ...originKeys.counted(companyId, contact), entity: 'analytics_origin_seen', origin },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    counts: [...origins].map(([sk, { hour, origin, n }]) => ({
      Update: {
        TableName: table,
        Key: { pk: originKeys.partition(companyId), sk },
        UpdateExpression: 'SET entity = :entity, #hour = :hour, #key = :key ADD contacts :n',
        ExpressionAttributeNames: { '#hour': 'hour', '#key': 'key' },
        ExpressionAttributeValues: { ':entity': 'analytics_origin', ':hour': hour, ':key': origin, ':n': n },
      },
    })),
    details: [...details].map(([sk, { hour, dimension, value, n }]) => ({
      Update: {
        TableName: table,
        Key: { pk: originKeys.details(companyId), sk },
        UpdateExpression:
          'SET entity = :entity, #hour = :hour, dimension = :dimension, #key = :key ADD contacts :n',
        ExpressionAttributeNames: { '#hour': 'hour', '#key': 'key' },
        ExpressionAttributeValues: {
          ':entity': 'analytics_origin_detail',
          ':hour': hour,
          ':dimension': dimension,
          ':key': value,
          ':n': n,
        },
      },
    })),
  };
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
