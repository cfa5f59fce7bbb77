import { type ChannelType, UNVERIFIED_SENDER_PREFIX } from '@atende/shared/channels/inbound';
import type { ContactOrigin, ContactOriginDetail } from '@atende/shared/domain/contact-origin';
import { type Customer, customerSchema } from '@atende/shared/domain/customer';
import { newObjectId } from '@atende/shared/domain/object-id';
import { config } from '../lib/config.ts';
import {
  conditionFailed,
  isConditionFailure,
  isTransactionConflict,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { customerEntity, customerIdentityEntity } from './entities.ts';
import { identityOf } from './identity.ts';
import { contactRecord } from './records.ts';
import { derivedItems } from './store.ts';

/**
 * The customer record's find-or-create, channel identity claims and the inbox's writes of it. Contacts own the
 * record (its keys in entities.ts, its index items in store.ts): every other module writes it through here.
 */

/** A customer as stored: spec point 3's fields, plus the conversation open with them, if any. */
export type CustomerRecord = Customer & {
  open_conversation?: string | undefined;
  created_at?: string;
  /** Set by the contacts' blacklist: inbound messages of the contact are dropped. */
  blacklisted?: boolean;
  /** How the contact was created (analytics' contact origin). */
  origin?: ContactOrigin;
  /** A site-widget contact's landing page and UTM parameters. */
  origin_detail?: ContactOriginDetail;
};

const stored = customerSchema.extend({ open_conversation: customerSchema.shape._id.optional() }).loose();

export interface ChannelIdentity {
  channel: ChannelType;
  integrationId: string;
  externalId: string;
  name?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** The customer's channel field (spec point 3): both WhatsApp kinds are "whatsapp". */
const customerChannel = (channel: ChannelType) => (channel === 'official' ? 'whatsapp' : channel);

export async function getCustomer(
  companyId: string,
  customerId: string,
): Promise<CustomerRecord | undefined> {
  const item = await customerEntity.read(customerEntity.key(companyId, customerId));
  return item ? (stored.parse(item) as CustomerRecord) : undefined;
}

async function claimOf(companyId: string, identity: string): Promise<string | undefined> {
  return (await customerIdentityEntity.get(customerIdentityEntity.key(companyId, identity)))?.customer;
}

async function customerByIdentity(companyId: string, identity: string): Promise<CustomerRecord | undefined> {
  const holder = await claimOf(companyId, identity);
  return holder ? getCustomer(companyId, holder) : undefined;
}

/**
 * Finds the customer a channel identity belongs to, or creates them. The identity claim and the customer are
 * written in one transaction conditioned on the claim not existing, so the same identity arriving twice at
 * once yields one customer: the loser reads the winner's.
 */
export async function findOrCreateCustomer(
  companyId: string,
  identity: ChannelIdentity,
  now: Date,
  /**
   * Recorded only if this call creates the customer: the channel, unless a campaign reply says otherwise (a
   * function is asked only then).
   */
  origin: ContactOrigin | (() => Promise<ContactOrigin>) = identity.channel,
  /** Recorded with the origin: a widget visitor's landing page and UTM parameters. */
  originDetail?: ContactOriginDetail,
): Promise<CustomerRecord> {
  const key = identityOf(identity);
  const holder = await claimOf(companyId, key);
  const existing = holder ? await getCustomer(companyId, holder) : undefined;
  if (existing) return existing;
  // A claim left by a deleted contact is taken over.
  const claimCondition = holder
    ? { ConditionExpression: 'customer = :stale', ExpressionAttributeValues: { ':stale': holder } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const phone =
    identity.phone ??
    (identity.channel === 'whatsapp' || identity.channel === 'official' ? identity.externalId : undefined);
  const email =
    identity.email ??
    (identity.channel === 'email' && !identity.externalId.startsWith(UNVERIFIED_SENDER_PREFIX)
      ? identity.externalId
      : undefined);
  const customer: CustomerRecord = {
    _id: newObjectId(),
    full_name: identity.name?.trim() || phone || email || '',
    ...(phone ? { cel_phone: phone } : {}),
    ...(email ? { email } : {}),
    channel: customerChannel(identity.channel),
    company: companyId,
    channel_metadata: { integration: identity.integrationId },
    created_at: now.toISOString(),
    origin: typeof origin === 'function' ? await origin() : origin,
    ...(originDetail ? { origin_detail: originDetail } : {}),
  };
  const contact = contactRecord.parse(customer);
  try {
    await transactWrite({
      identity: customerIdentityEntity.transact.put(
        { customer: customer._id },
        claimCondition,
        customerIdentityEntity.key(companyId, key),
      ),
      // Stored as the inbox knows it (without the contacts' defaults), indexed as the contact it reads as.
      customer: {
        Put: {
          TableName: config().mainTable,
          Item: {
            ...customerEntity.key(companyId, customer._id),
            entity: customerEntity.name,
            ...customer,
            ...customerEntity.indexKeys(contact),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // The contacts list and its name search find the customer the inbox created.
      derived: [...derivedItems(contact).values()].map((Item) => ({
        Put: { TableName: config().mainTable, Item },
      })),
    });
    return customer;
  } catch (error) {
    if (!conditionFailed(error, 'identity') && !isTransactionConflict(error)) {
      throw error;
    }
    const winner = await customerByIdentity(companyId, key);
    if (!winner) throw error;
    return winner;
  }
}

/** Records the customer's last interaction on the channels whose send window depends on it (spec point 4). */
export async function touchInteraction(
  companyId: string,
  customerId: string,
  channel: ChannelType,
  at: string,
): Promise<void> {
  const attribute =
    channel === 'official'
      ? 'last_interaction_whatsapp_official'
      : channel === 'messenger'
        ? 'last_interaction_messenger'
        : undefined;
  if (!attribute) return;
  await customerEntity
    .update(customerEntity.key(companyId, customerId), {
      UpdateExpression: 'SET #a = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#a) OR #a < :at)',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':at': at },
    })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Migrates a customer to WhatsApp (spec points 4/5/8): claims the number's identity and updates the customer in
 * one transaction. Answers false when another customer already holds the number.
 */
export async function migrateToWhatsapp(
  companyId: string,
  customer: CustomerRecord,
  phone: string,
  integrationId: string,
): Promise<boolean> {
  const key = identityOf({ channel: 'whatsapp', integrationId, externalId: phone });
  try {
    await transactWrite({
      identity: customerIdentityEntity.transact.put(
        { customer: customer._id },
        {
          ConditionExpression: 'attribute_not_exists(pk) OR customer = :id',
          ExpressionAttributeValues: { ':id': customer._id },
        },
        customerIdentityEntity.key(companyId, key),
      ),
      customer: customerEntity.transact.update(customerEntity.key(companyId, customer._id), {
        UpdateExpression: 'SET channel = :whatsapp, cel_phone = :phone, channel_metadata = :metadata',
        ConditionExpression: 'attribute_exists(pk) AND channel <> :whatsapp',
        ExpressionAttributeValues: {
          ':whatsapp': 'whatsapp',
          ':phone': phone,
          ':metadata': { integration: integrationId },
        },
      }),
    });
    return true;
  } catch (error) {
    if (conditionFailed(error, 'identity')) return false;
    throw error;
  }
}

/** A condition on the customer's wallet (conversations/wallet-sync.ts builds it). */
export interface WalletCondition {
  expression: string;
  values: Record<string, unknown>;
}

/** The other modules' writes of the customer item, as transaction items. */
export const customerWrites = {
  /** Makes a conversation the customer's open one, only while they have none and are still in the wallet. */
  openConversation: (
    companyId: string,
    customerId: string,
    conversationId: string,
    inWallet: WalletCondition,
  ) =>
    customerEntity.transact.update(customerEntity.key(companyId, customerId), {
      UpdateExpression: 'SET open_conversation = :id',
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(open_conversation) AND ${inWallet.expression}`,
      ExpressionAttributeValues: { ':id': conversationId, ...inWallet.values },
    }),
  /** Checks the customer is still in the wallet. */
  inWallet: (companyId: string, customerId: string, inWallet: WalletCondition) =>
    customerEntity.transact.check(customerEntity.key(companyId, customerId), {
      ConditionExpression: inWallet.expression,
      ExpressionAttributeValues: inWallet.values,
    }),
  /** The customer has no open conversation any more (it closed). */
  closeConversation: (companyId: string, customerId: string) =>
    customerEntity.transact.update(customerEntity.key(companyId, customerId), {
      UpdateExpression: 'REMOVE open_conversation',
      ConditionExpression: 'attribute_exists(pk)',
    }),
};

/** Copies a contact's smart-tag memberships onto the profile (the contact views read them there). */
export async function writeCustomerSmartTags(
  companyId: string,
  customerId: string,
  ids: readonly string[],
): Promise<void> {
  try {
    await customerEntity.update(customerEntity.key(companyId, customerId), {
      UpdateExpression: 'SET smart_tags = :ids',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':ids': [...ids].sort() },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
