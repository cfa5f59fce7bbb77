import { catalogueKeys } from '../lib/dynamo/catalogue.ts';

/**
 * Keys of the contacts' other items in the main table. The customer record (profile, identity claims, tag log,
 * conversation links) is declared in entities.ts; a phone or e-mail claim is the identity item
 * `whatsapp#<digits>` / `email#<address>`, so an inbound WhatsApp message from an imported number lands on that
 * contact, and one number is one contact.
 *
 * - name token:      pk C#<cid>#CNAME#<first letter>       sk <token>#<id>   (prefix search, sharded by letter)
 * - tag membership:  pk C#<cid>#CTAG#<tag>                 sk <name>#<id>     (a tag's contacts, by name)
 * - catalogue item and claim: see lib/dynamo/catalogue.ts (tags, wallets, quick messages ...)
 * - blacklist entry: pk C#<cid>#BLACKLIST                  sk <customer id>
 * - import job:      pk C#<cid>#IMPORT#<id>                sk JOB; rows done: sk ROW#<row, 7 digits>
 * - export job:      pk C#<cid>#EXPORT#<id>                sk JOB
 */
const base = (companyId: string) => `C#${companyId}#`;

export const contactKeys = {
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
