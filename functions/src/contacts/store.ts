import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { config } from '../lib/config.ts';
import { retryOnConflict, TransactionCancelled, transactWrite } from '../lib/dynamo/transaction.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import {
  customerEntity,
  customerIdentityEntity,
  customerTagLogEntity,
  emailClaimKey,
  phoneClaimKey,
} from './entities.ts';
import { contactKeys } from './keys.ts';
import type { ContactRecord } from './records.ts';
import { foldText, nameTokens, sortName } from './text.ts';

import type { TransactItem } from '../lib/dynamo/transaction.ts';

export type { TransactItem };

const table = () => config().mainTable;

/** The profile as stored: the customer item with its index keys (every contact, a wallet's contacts). */
export const profileItem = (record: ContactRecord) => customerEntity.item(record);

/** Name-token (with the contact's name and tags) and tag-membership items of a contact, keyed by their (pk, sk). */
export function derivedItems(record: ContactRecord | undefined): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown>>();
  if (!record) return items;
  const folded = foldText(record.full_name);
  for (const token of nameTokens(record.full_name)) {
    const key = contactKeys.nameToken(record.company, token, record._id);
    // The tags let a name search within a large tag drop the other contacts' tokens unread.
    items.set(`${key.pk}|${key.sk}`, {
      ...key,
      entity: 'contact_name',
      customer: record._id,
      name: folded,
      tags: record.tags,
    });
  }
  const name = sortName(record.full_name, record._id);
  for (const tag of record.tags) {
    const key = contactKeys.tagMember(record.company, tag, name);
    items.set(`${key.pk}|${key.sk}`, { ...key, entity: 'contact_tag', customer: record._id, tag });
  }
  return items;
}

export interface Step {
  item: TransactItem;
  /** What a failed condition on this item means (thrown instead of the transaction's error). */
  conflict?: Error;
}

function claimSteps(
  companyId: string,
  id: string,
  before: string | undefined,
  after: string | undefined,
  key: (companyId: string, value: string) => { pk: string; sk: string },
  conflict: Conflict,
): Step[] {
  if (before === after) return [];
  const steps: Step[] = [];
  if (before) {
    steps.push({
      item: customerIdentityEntity.transact.delete(key(companyId, before), {
        ConditionExpression: 'attribute_not_exists(pk) OR customer = :id',
        ExpressionAttributeValues: { ':id': id },
      }),
    });
  }
  if (after) steps.push({ item: claimPut(key(companyId, after), id), conflict });
  return steps;
}

/** Claims a phone or e-mail for a contact: taken by another contact fails, held already by it passes. */
export const claimPut = (key: { pk: string; sk: string }, id: string): TransactItem =>
  customerIdentityEntity.transact.put(
    { customer: id },
    {
      ConditionExpression: 'attribute_not_exists(pk) OR customer = :id',
      ExpressionAttributeValues: { ':id': id },
    },
    key,
  );

function walletSteps(companyId: string, before: string | null, after: string | null): Step[] {
  if (before === after) return [];
  const change = (walletId: string, delta: number): Step => ({
    item: {
      Update: {
        TableName: table(),
        Key: contactKeys.catalogueItem(companyId, 'WALLETS', walletId),
        UpdateExpression: 'ADD customers_count :delta',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
    conflict: new NotFound(contactsPtBR.walletNotFound),
  });
  return [...(before ? [change(before, -1)] : []), ...(after ? [change(after, 1)] : [])];
}

/**
 * Writes a contact's change in one transaction: the profile (conditioned on its version), the phone and
 * e-mail claims (a claim held by another contact fails the whole write: 409), the name tokens and tag
 * memberships that changed, the wallets' customers_count and a timeline entry per tag change. Concurrent
 * creates of one phone therefore yield exactly one contact.
 */
export async function writeContact(
  before: ContactRecord | undefined,
  after: ContactRecord | undefined,
  options: { actor?: string | null; extra?: Step[] } = {},
): Promise<void> {
  const subject = (after ?? before) as ContactRecord;
  const { company: companyId, _id: id } = subject;
  const steps: Step[] = [];
  const condition = before
    ? {
        ConditionExpression: 'attribute_not_exists(version) OR version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const gone = new NotFound(contactsPtBR.notFound);
  if (after) {
    const item = customerEntity.transact.put({ ...after, version: (before?.version ?? 0) + 1 }, condition);
    steps.push({ item, conflict: gone });
  } else {
    const item = customerEntity.transact.delete(customerEntity.key(companyId, id), condition);
    steps.push({ item, conflict: gone });
  }
  steps.push(
    ...claimSteps(
      companyId,
      id,
      before?.cel_phone,
      after?.cel_phone,
      phoneClaimKey,
      new Conflict(contactsPtBR.phoneTaken, 'cel_phone'),
    ),
    ...claimSteps(
      companyId,
      id,
      before?.email,
      after?.email,
      emailClaimKey,
      new Conflict(contactsPtBR.emailTaken, 'email'),
    ),
    ...walletSteps(companyId, before?.wallet ?? null, after?.wallet ?? null),
  );
  const old = derivedItems(before);
  const next = derivedItems(after);
  for (const [key, item] of old) {
    if (!next.has(key)) {
      steps.push({ item: { Delete: { TableName: table(), Key: { pk: item.pk, sk: item.sk } } } });
    }
  }
  // A kept token is written again when the name changed: it carries the whole name, which search reads.
  for (const [key, item] of next) {
    if (JSON.stringify(old.get(key)) !== JSON.stringify(item)) {
      steps.push({ item: { Put: { TableName: table(), Item: item } } });
    }
  }
  if (before && after) {
    const at = after.updated_at ?? new Date().toISOString();
    const added = after.tags.filter((tag) => !before.tags.includes(tag));
    const removed = before.tags.filter((tag) => !after.tags.includes(tag));
    for (const [tags, action] of [
      [added, 'added'],
      [removed, 'removed'],
    ] as const) {
      for (const tag of tags) {
        steps.push({
          item: customerTagLogEntity.transact.put(
            { tag, action, employee: options.actor ?? null },
            {},
            customerTagLogEntity.key(companyId, id, at, tag),
          ),
        });
      }
    }
  }
  steps.push(...(options.extra ?? []));
  await transact(steps);
}

/** The steps in one transaction; a failed step with a meaning throws it, a race with another write retries. */
async function transact(steps: Step[]): Promise<void> {
  await retryOnConflict(async () => {
    try {
      await transactWrite({ steps: steps.map((step) => step.item) });
    } catch (error) {
      const failed = error instanceof TransactionCancelled ? (error.failedWithin.get('steps') ?? []) : [];
      const meaning = failed.map((index) => steps[index]?.conflict).find(Boolean);
      throw meaning ?? error;
    }
  });
}

export const readContact = (companyId: string, id: string): Promise<ContactRecord | undefined> =>
  customerEntity.get(customerEntity.key(companyId, id));

/** Profiles by id, in the order asked, skipping ids no longer there. */
export const readContacts = (companyId: string, ids: readonly string[]): Promise<ContactRecord[]> =>
  customerEntity.batchGet(
    ids.map((id) => customerEntity.key(companyId, id)),
    { consistent: false },
  );

/** The contact id holding a claim (phone or e-mail identity), if any. */
export async function claimOwner(key: { pk: string; sk: string }): Promise<string | undefined> {
  return (await customerIdentityEntity.get(key))?.customer;
}
