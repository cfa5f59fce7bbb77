import { contactKeys } from '../contacts/keys.ts';
import { DAILY_INDEX } from './records.ts';

/**
 * Keys of the smart-tag items in the main table.
 *
 * - definition: pk C#<cid>#SMART_TAGS            sk <id>            (a catalogue item; name claim SMART_TAGS_KEY#)
 *               gsi3 SMART_TAGS_DAILY / <cid>#<id>                  (the daily run's list, ids only)
 * - member:     pk C#<cid>#SMARTTAG#<id>          sk <customer id>   (the smart tag's contacts; GetItem by contact)
 * - the contact profile carries `smart_tags` (ids), a copy of its memberships for the contact views.
 */
const base = (companyId: string) => `C#${companyId}#`;

export const SMART_TAGS_KIND = 'SMART_TAGS';

export const smartTagKeys = {
  definition: (companyId: string, id: string) => contactKeys.catalogueItem(companyId, SMART_TAGS_KIND, id),
  members: (companyId: string, id: string) => `${base(companyId)}SMARTTAG#${id}`,
  member: (companyId: string, id: string, customerId: string) => ({
    pk: `${base(companyId)}SMARTTAG#${id}`,
    sk: customerId,
  }),
  daily: (companyId: string, id: string) => ({ gsi3pk: DAILY_INDEX, gsi3sk: `${companyId}#${id}` }),
};
