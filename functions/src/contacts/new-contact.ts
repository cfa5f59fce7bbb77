import { config } from '../lib/config.ts';
import { emailClaimKey, phoneClaimKey } from './entities.ts';
import type { ContactRecord } from './records.ts';
import { claimPut, derivedItems, profileItem, type TransactItem } from './store.ts';

/** A new contact's claims, each with the field it holds (bulk imports write many contacts per transaction). */
export function newClaimItems(record: ContactRecord): { field: 'cel_phone' | 'email'; item: TransactItem }[] {
  return [
    ...(record.cel_phone
      ? [
          {
            field: 'cel_phone' as const,
            item: claimPut(phoneClaimKey(record.company, record.cel_phone), record._id),
          },
        ]
      : []),
    ...(record.email
      ? [
          {
            field: 'email' as const,
            item: claimPut(emailClaimKey(record.company, record.email), record._id),
          },
        ]
      : []),
  ];
}

/**
 * A new contact's profile (version 1), written only where none is: a second writer of the same id (a bulk
 * import run racing another) fails on it instead of overwriting what the first wrote.
 */
export const newProfilePut = (record: ContactRecord): TransactItem => ({
  Put: {
    TableName: config().mainTable,
    Item: profileItem({ ...record, version: 1 }),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** A new contact's name tokens and tag memberships. */
export const newDerivedPuts = (record: ContactRecord): TransactItem[] =>
  [...derivedItems(record).values()].map((Item) => ({ Put: { TableName: config().mainTable, Item } }));
