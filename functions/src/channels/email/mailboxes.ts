import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { adminPtBR, channelsPtBR } from '@atende/shared/i18n/pt-BR';
import * as z from 'zod';
import type { TransactItem } from '../../lib/dynamo/transaction.ts';
import type { IntegrationRecord, ProviderIntegrationRecord } from '../../integrations/records.ts';
import { getIntegration } from '../../integrations/store.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { Conflict } from '../../lib/errors.ts';

/**
 * Inbound mail names nothing but the address it was sent to, so the address must lead to its integration
 * without knowing the company: a global claim `MAILBOX#<address>` / `POINTER` holds only the company and
 * integration ids (like the integrations' own pointer). It is written, moved and released in the same
 * transaction as the integration item, so one address belongs to one integration of one company at a time.
 */
export const mailboxKey = (address: string) => ({
  pk: `MAILBOX#${normalizedAddress(address)}`,
  sk: 'POINTER',
});

const mailboxPointer = z.object({ companyId: z.string(), integrationId: z.string() });

export const normalizedAddress = (address: string) => address.trim().toLowerCase();

/**
 * The address an e-mail integration receives on: the one its code confirmed. An integration stored before
 * confirmation existed already holds the claim of its address (kept in clear in its masked credentials).
 */
export function mailboxOf(record: IntegrationRecord | null): string | undefined {
  if (!record || record.type === 'widget' || record.provider !== 'email') return undefined;
  const address = record.mailbox ? record.mailbox.confirmed : record.masked.email;
  return address ? normalizedAddress(address) : undefined;
}

/** Whether `record` is an e-mail integration whose address was never confirmed (no sends, no connection). */
export const unconfirmedMailbox = (record: ProviderIntegrationRecord): boolean =>
  record.provider === 'email' && Boolean(record.mailbox) && !record.mailbox?.confirmed;

/**
 * Claims `address` for the integration: a free address, or one it already holds (re-saving an integration
 * stored before claims existed claims its address then). Another integration's claim fails the transaction.
 */
export function mailboxClaim(record: ProviderIntegrationRecord, address: string): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: { ...mailboxKey(address), companyId: record.company, integrationId: record._id },
      ConditionExpression: 'attribute_not_exists(pk) OR integrationId = :integration',
      ExpressionAttributeValues: { ':integration': record._id },
    },
  };
}

/** Frees an address the integration holds; the condition guards against a claim that changed hands meanwhile. */
export function mailboxRelease(record: ProviderIntegrationRecord, address: string): TransactItem {
  return {
    Delete: {
      TableName: config().mainTable,
      Key: mailboxKey(address),
      ConditionExpression: 'integrationId = :integration',
      ExpressionAttributeValues: { ':integration': record._id },
    },
  };
}

async function claimOf(address: string) {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: mailboxKey(address), ConsistentRead: true }),
  );
  const pointer = mailboxPointer.safeParse(Item);
  return pointer.success ? pointer.data : undefined;
}

/**
 * The claim writes that go with a change of an e-mail integration (`before` null on create, `after` null on
 * removal): claim the address it receives on, release the one it no longer does. Only a claim the
 * integration holds is released, so removing a duplicate stored before claims existed frees nothing.
 */
export async function mailboxChanges(
  before: IntegrationRecord | null,
  after: IntegrationRecord | null,
): Promise<TransactItem[]> {
  const previous = mailboxOf(before);
  const next = mailboxOf(after);
  const items: TransactItem[] = [];
  if (before && before.type !== 'widget' && previous && previous !== next) {
    const holder = await claimOf(previous);
    if (holder?.integrationId === before._id) items.push(mailboxRelease(before, previous));
  }
  if (after && after.type !== 'widget' && next) items.push(mailboxClaim(after, next));
  return items;
}

const isMailboxItem = (item: TransactItem | undefined, operation: 'Put' | 'Delete') => {
  const key = operation === 'Put' ? item?.Put?.Item : item?.Delete?.Key;
  return typeof key?.pk === 'string' && key.pk.startsWith('MAILBOX#');
};

/**
 * The answer to a failed condition of a mailbox write in `items`: the address held by another integration
 * is a 409 on `email`; a release that lost a race is a concurrent change. Undefined for other items.
 */
export function mailboxConflict(items: readonly TransactItem[], index: number): Error | undefined {
  if (isMailboxItem(items[index], 'Put')) return new Conflict(channelsPtBR.mailboxTaken, 'email');
  if (isMailboxItem(items[index], 'Delete')) return new Conflict(adminPtBR.concurrentChange);
  return undefined;
}

/** The e-mail integration receiving on `address`, if any: its claim, then the integration it names. */
export async function findMailbox(address: string): Promise<ProviderIntegrationRecord | undefined> {
  const normalized = normalizedAddress(address);
  const pointer = await claimOf(normalized);
  if (!pointer) return undefined;
  const record = await getIntegration(pointer.companyId, pointer.integrationId);
  // The claim moves with the integration in one transaction; the check only guards against a hand edit.
  return record && record.type !== 'widget' && mailboxOf(record) === normalized ? record : undefined;
}
