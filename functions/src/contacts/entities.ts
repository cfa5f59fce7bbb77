import * as z from 'zod';
import { defineEntity } from '../lib/dynamo/entity.ts';
import { identityOf } from './identity.ts';
import { type ContactRecord, contactRecord } from './records.ts';
import { sortName } from './text.ts';

/**
 * The customer record's items, declared once (contacts own the customer record; ARCHITECTURE.md, Data layer):
 *
 * - customer (profile): pk C#<cid>#CUSTOMER#<id>        sk PROFILE
 *     index "all"    (gsi1) C#<cid>#CONTACTS / <name>#<id>          every contact, by name
 *     index "wallet" (gsi2) C#<cid>#CWALLET#<wallet> / <name>#<id>  a wallet's contacts, by name
 *     index "record" (table) the customer's partition: profile, conversation links, tag log
 * - identity claim:     pk C#<cid>#IDENTITY#<identity>  sk IDENTITY  (channel identity, phone or e-mail → customer)
 * - conversation link:  pk C#<cid>#CUSTOMER#<id>        sk CONV#<created_at>#<conversationId>
 *                       (the customer's conversations, newest last; written with the conversation)
 * - tag change:         pk C#<cid>#CUSTOMER#<id>        sk TAGLOG#<at>#<tag>   (the timeline's tag entries)
 */
const customerPartition = (companyId: string, customerId: string) => `C#${companyId}#CUSTOMER#${customerId}`;

export const customerEntity = defineEntity({
  name: 'customer',
  schema: contactRecord,
  key: (companyId: string, customerId: string) => ({
    pk: customerPartition(companyId, customerId),
    sk: 'PROFILE',
  }),
  keyOf: (record: ContactRecord) => [record.company, record._id] as [string, string],
  indexes: {
    all: {
      index: 'gsi1',
      partition: (companyId: string) => `C#${companyId}#CONTACTS`,
      of: (record: ContactRecord) => ({
        pk: `C#${record.company}#CONTACTS`,
        sk: sortName(record.full_name, record._id),
      }),
    },
    wallet: {
      index: 'gsi2',
      partition: (companyId: string, walletId: string) => `C#${companyId}#CWALLET#${walletId}`,
      of: (record: ContactRecord) =>
        record.wallet
          ? { pk: `C#${record.company}#CWALLET#${record.wallet}`, sk: sortName(record.full_name, record._id) }
          : undefined,
    },
    record: { index: 'table', partition: customerPartition },
  },
});

const claim = z.object({ customer: z.string() }).loose();

export const customerIdentityEntity = defineEntity({
  name: 'customer_identity',
  schema: claim,
  key: (companyId: string, identity: string) => ({
    pk: `C#${companyId}#IDENTITY#${identity}`,
    sk: 'IDENTITY',
  }),
});

/** The identity claim of a phone (any WhatsApp integration) or e-mail address. */
export const phoneClaimKey = (companyId: string, e164: string) =>
  customerIdentityEntity.key(
    companyId,
    identityOf({ channel: 'whatsapp', integrationId: '', externalId: e164 }),
  );
export const emailClaimKey = (companyId: string, email: string) =>
  customerIdentityEntity.key(
    companyId,
    identityOf({ channel: 'email', integrationId: '', externalId: email }),
  );

export const customerConversationEntity = defineEntity({
  name: 'customer_conversation',
  schema: z.object({ conversation: z.string() }).loose(),
  key: (companyId: string, customerId: string, createdAt: string, conversationId: string) => ({
    pk: customerPartition(companyId, customerId),
    sk: `CONV#${createdAt}#${conversationId}`,
  }),
});

/** The sort-key prefix of a customer's conversation links in their partition. */
export const CONVERSATION_LINK_PREFIX = 'CONV#';

export const customerTagLogEntity = defineEntity({
  name: 'contact_tag_log',
  schema: z.object({ tag: z.string(), action: z.string(), employee: z.string().nullable() }).loose(),
  key: (companyId: string, customerId: string, at: string, tagId: string) => ({
    pk: customerPartition(companyId, customerId),
    sk: `TAGLOG#${at}#${tagId}`,
  }),
});
