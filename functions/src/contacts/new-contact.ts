import { contactKeys } from './keys.ts';
import type { ContactRecord } from './records.ts';
import { claimPut, derivedItems, profileItem, type TransactItem } from './store.ts';

/** A new contact's claims, each with the field it holds (bulk imports write many contacts per transaction). */
export function newClaimItems(record: ContactRecord): { field: 'cel_phone' | 'email'; item: TransactItem }[] {
  return [
    ...(record.cel_phone
      ? [
          {
            field: 'cel_phone' as const,
            item: claimPut(contactKeys.phoneClaim(record.company, record.cel_phone), record._id),
          },
        ]
      : []),
    ...(record.email
      ? [
          {
            field: 'email' as const,
            item: claimPut(contactKeys.emailClaim(record.company, record.email), record._id),
          },
        ]
      : []),
  ];
}

/** Every item of a new contact but its claims: the profile (version 1), its name tokens and tag memberships. */
export const newContactItems = (record: ContactRecord): Record<string, unknown>[] => [
  profileItem({ ...record, version: 1 }),
  ...derivedItems(record).values(),
];
