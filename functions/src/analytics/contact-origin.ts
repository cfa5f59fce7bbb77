import type { ContactOriginView } from '@atende/shared/contracts/analytics/contact-origin';
import { CONTACT_ORIGINS, type ContactOrigin } from '@atende/shared/domain/contact-origin';
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
): Promise<boolean> {
  const table = config().mainTable;
  const hour = bucketOf(createdAt, 'hour');
  try {
    await transactWrite({
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

/** The ledger's side of `contact.created`: contacts without a recorded origin count as `unknown`. */
export function applyContactCreated(event: DomainEventOf<'contact.created'>): Promise<boolean> {
  const { contact } = event.data;
  const origin = isOrigin(contact.origin) ? contact.origin : 'unknown';
  return countContact(event.company_id, contact._id, origin, contact.created_at || event.occurred_at);
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
  const items = await queryAll({
    TableName: config().mainTable,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': originKeys.partition(auth.companyId),
      ':from': `${bucketOf(new Date(start).toISOString(), 'hour')}#`,
      ':to': `${bucketOf(new Date(end - HOUR_MS).toISOString(), 'hour')}#\uffff`,
    },
  });
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
    days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, counts })),
  };
}
