import { catalogueKeys } from '../lib/dynamo/catalogue.ts';
import { identityOf } from './identity.ts';
import { inboxKeys } from '../conversations/keys.ts';

/**
 * Keys of the contacts items in the main table (the profile itself is the inbox's customer item).
 *
 * - profile:         pk C#<cid>#CUSTOMER#<id>            sk PROFILE
 *                    gsi1 C#<cid>#CONTACTS / <name>#<id>       (every contact, by name)
 *                    gsi2 C#<cid>#CWALLET#<wallet> / <name>#<id> (a wallet's contacts, by name)
 * - tag change:      pk C#<cid>#CUSTOMER#<id>            sk TAGLOG#<at>#<tag>   (the timeline's tag entries)
 * - phone claim:     the inbox's identity item `whatsapp#<digits>`, so an inbound WhatsApp message from an
 *                    imported number lands on that contact, and one number is one contact.
 * - e-mail claim:    the inbox's identity item `email#<address>`, likewise.
 * - name token:      pk C#<cid>#CNAME#<first letter>       sk <token>#<id>   (prefix search, sharded by letter)
 * - tag membership:  pk C#<cid>#CTAG#<tag>                 sk <name>#<id>     (a tag's contacts, by name)
 * - catalogue item and claim: see lib/dynamo/catalogue.ts (tags, wallets, quick messages ...)
 * - blacklist entry: pk C#<cid>#BLACKLIST                  sk <customer id>
 * - import job:      pk C#<cid>#IMPORT#<id>                sk JOB; rows done: sk ROW#<row, 7 digits>
 * - export job:      pk C#<cid>#EXPORT#<id>                sk JOB
 */
const base = (companyId: string) => `C#${companyId}#`;

export const contactKeys = {
  profile: inboxKeys.customer,
  tagLog: (companyId: string, customerId: string, at: string, tagId: string) => ({
    pk: `${base(companyId)}CUSTOMER#${customerId}`,
    sk: `TAGLOG#${at}#${tagId}`,
  }),
  phoneClaim: (companyId: string, e164: string) =>
    inboxKeys.identity(companyId, identityOf({ channel: 'whatsapp', integrationId: '', externalId: e164 })),
  emailClaim: (companyId: string, email: string) =>
    inboxKeys.identity(companyId, identityOf({ channel: 'email', integrationId: '', externalId: email })),
  allContacts: (companyId: string) => `${base(companyId)}CONTACTS`,
  walletContacts: (companyId: string, walletId: string) => `${base(companyId)}CWALLET#${walletId}`,
  nameShard: (companyId: string, token: string) => `${base(companyId)}CNAME#${token.slice(0, 1)}`,
  nameToken: (companyId: string, token: string, customerId: string) => ({
    pk: `${base(companyId)}CNAME#${token.slice(0, 1)}`,
    sk: `${token}#${customerId}`,
  }),
  tagMembers: (companyId: string, tagId: string) => `${base(companyId)}CTAG#${tagId}`,
  tagMember: (companyId: string, tagId: string, sortName: string) => ({
    pk: `${base(companyId)}CTAG#${tagId}`,
    sk: sortName,
  }),
  catalogue: catalogueKeys.list,
  catalogueItem: catalogueKeys.item,
  catalogueClaim: catalogueKeys.claim,
  blacklist: (companyId: string) => `${base(companyId)}BLACKLIST`,
  blacklistEntry: (companyId: string, customerId: string) => ({
    pk: `${base(companyId)}BLACKLIST`,
    sk: customerId,
  }),
  importJob: (companyId: string, id: string) => ({ pk: `${base(companyId)}IMPORT#${id}`, sk: 'JOB' }),
  importRow: (companyId: string, id: string, row: number) => ({
    pk: `${base(companyId)}IMPORT#${id}`,
    sk: `ROW#${String(row).padStart(7, '0')}`,
  }),
  exportJob: (companyId: string, id: string) => ({ pk: `${base(companyId)}EXPORT#${id}`, sk: 'JOB' }),
};
