/**
 * Keys of the campaigns items in the main table:
 *
 * - campaign:        pk C#<cid>#CAMPAIGN#<id>   sk META      gsi1 C#<cid>#CAMPAIGNS / <created_at>#<id>
 * - recipient:       pk C#<cid>#CAMPAIGN#<id>   sk R#<contact id>
 * - scheduled start: pk C#<cid>#CAMPAIGN#<id>   sk START     gsi3 CAMPAIGN_STARTS / <scheduled_at>#<cid>#<id>
 *                    (every company's due starts in one index, read by the every-minute schedule)
 * - sent message:    pk C#<cid>#CAMPAIGNMSG#<integration>#<provider message id>  sk REF (status webhooks)
 * - last campaign:   pk C#<cid>#CAMPAIGNTO#<integration>#<phone digits>          sk REF (replies)
 * - send bucket:     pk C#<cid>#CAMPAIGNBUCKET#<integration>                     sk BUCKET (token bucket)
 * - audience list:   pk C#<cid>#AUDIENCELISTS                                    sk <id>
 */
const base = (companyId: string) => `C#${companyId}#`;

export const CAMPAIGN_STARTS_INDEX = 'CAMPAIGN_STARTS';

export const campaignKeys = {
  campaign: (companyId: string, id: string) => ({ pk: `${base(companyId)}CAMPAIGN#${id}`, sk: 'META' }),
  partition: (companyId: string, id: string) => `${base(companyId)}CAMPAIGN#${id}`,
  list: (companyId: string) => `${base(companyId)}CAMPAIGNS`,
  recipient: (companyId: string, id: string, contactId: string) => ({
    pk: `${base(companyId)}CAMPAIGN#${id}`,
    sk: `R#${contactId}`,
  }),
  recipientPrefix: 'R#',
  start: (companyId: string, id: string) => ({ pk: `${base(companyId)}CAMPAIGN#${id}`, sk: 'START' }),
  sentMessage: (companyId: string, integrationId: string, providerMessageId: string) => ({
    pk: `${base(companyId)}CAMPAIGNMSG#${integrationId}#${providerMessageId}`,
    sk: 'REF',
  }),
  lastCampaign: (companyId: string, integrationId: string, phoneDigits: string) => ({
    pk: `${base(companyId)}CAMPAIGNTO#${integrationId}#${phoneDigits}`,
    sk: 'REF',
  }),
  bucket: (companyId: string, integrationId: string) => ({
    pk: `${base(companyId)}CAMPAIGNBUCKET#${integrationId}`,
    sk: 'BUCKET',
  }),
  audienceLists: (companyId: string) => `${base(companyId)}AUDIENCELISTS`,
  audienceList: (companyId: string, id: string) => ({ pk: `${base(companyId)}AUDIENCELISTS`, sk: id }),
};
