/**
 * Keys of the campaigns items in the main table:
 *
 * - campaign:        pk C#<cid>#CAMPAIGN#<id>   sk META      gsi1 C#<cid>#CAMPAIGNS / <created_at>#<id>
 *                    gsi2 C#<cid>#CAMPAIGNSBY#<integration> / SENDING#<id>, the sort key only while the campaign
 *                    sends (2 or 5), so the index holds one number's sending campaigns: what its quality and
 *                    account signals pause, read without the rest of the company's nor its finished ones
 * - recipient:       pk C#<cid>#CAMPAIGN#<id>   sk R#<contact id>
 * - scheduled job:   pk C#<cid>#CAMPAIGN#<id>   sk START | RESUME | RECONCILE
 *                    gsi3 CAMPAIGN_STARTS / <due at>#<cid>#<id>#<job> (every company's due jobs in one index, read
 *                    by the every-minute schedule: the scheduled start, the resume after a tier pause, the claim
 *                    reconciliation after the dispatch finished)
 * - sent message:    pk C#<cid>#CAMPAIGNMSG#<integration>#<provider message id>  sk REF (status webhooks)
 * - last campaign:   pk C#<cid>#CAMPAIGNTO#<integration>#<phone digits>          sk REF (replies)
 * - send bucket:     pk C#<cid>#CAMPAIGNBUCKET#<integration>                     sk BUCKET (token bucket)
 * - sender limits:   pk C#<cid>#CAMPAIGNSENDER#<integration>                     sk SENDER (rate, tier, quality)
 * - reached number:  pk C#<cid>#CAMPAIGNREACH#<integration>#<phone digits>      sk REACH (last reach, 24 h TTL)
 * - tier hour:       pk C#<cid>#CAMPAIGNTIER#<integration>                       sk H#<yyyy-mm-ddThh> (new uniques)
 * - audience list:   pk C#<cid>#AUDIENCELISTS                                    sk <id>
 */
const base = (companyId: string) => `C#${companyId}#`;

export const CAMPAIGN_STARTS_INDEX = 'CAMPAIGN_STARTS';
export const SCHEDULED_JOBS = ['START', 'RESUME', 'RECONCILE'] as const;
export type ScheduledJob = (typeof SCHEDULED_JOBS)[number];

export const campaignKeys = {
  campaign: (companyId: string, id: string) => ({ pk: `${base(companyId)}CAMPAIGN#${id}`, sk: 'META' }),
  partition: (companyId: string, id: string) => `${base(companyId)}CAMPAIGN#${id}`,
  list: (companyId: string) => `${base(companyId)}CAMPAIGNS`,
  byIntegration: (companyId: string, integrationId: string) =>
    `${base(companyId)}CAMPAIGNSBY#${integrationId}`,
  recipient: (companyId: string, id: string, contactId: string) => ({
    pk: `${base(companyId)}CAMPAIGN#${id}`,
    sk: `R#${contactId}`,
  }),
  recipientPrefix: 'R#',
  job: (companyId: string, id: string, job: ScheduledJob) => ({
    pk: `${base(companyId)}CAMPAIGN#${id}`,
    sk: job,
  }),
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
  sender: (companyId: string, integrationId: string) => ({
    pk: `${base(companyId)}CAMPAIGNSENDER#${integrationId}`,
    sk: 'SENDER',
  }),
  reach: (companyId: string, integrationId: string, phoneDigits: string) => ({
    pk: `${base(companyId)}CAMPAIGNREACH#${integrationId}#${phoneDigits}`,
    sk: 'REACH',
  }),
  tierHours: (companyId: string, integrationId: string) => `${base(companyId)}CAMPAIGNTIER#${integrationId}`,
  tierHour: (companyId: string, integrationId: string, hour: string) => ({
    pk: `${base(companyId)}CAMPAIGNTIER#${integrationId}`,
    sk: `H#${hour}`,
  }),
  audienceLists: (companyId: string) => `${base(companyId)}AUDIENCELISTS`,
  audienceList: (companyId: string, id: string) => ({ pk: `${base(companyId)}AUDIENCELISTS`, sk: id }),
};
