import {
  cancelCampaign,
  createCampaign,
  estimateCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  resumeCampaign,
  startCampaign,
} from '@atende/shared/contracts/campaigns/campaign-routes';
import {
  createAudienceList,
  createCsvAudienceList,
  deleteAudienceList,
  exportRecipients,
  listAudienceLists,
  listRecipients,
} from '@atende/shared/contracts/campaigns/recipient-routes';
import { getSender, putSender, type senderBody } from '@atende/shared/contracts/campaigns/sender-routes';
import type {
  audienceListBody,
  csvAudienceBody,
  campaignBody,
} from '@atende/shared/contracts/campaigns/views';
import type { RecipientStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import type { estimateBody } from '@atende/shared/contracts/campaigns/campaign-routes';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { listSmartTags } from '@atende/shared/contracts/smart-tags/list-smart-tags';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import { listWallets } from '@atende/shared/contracts/wallets/list-wallets';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type CampaignInput = z.input<typeof campaignBody>;
export type AudienceListInput = z.input<typeof audienceListBody>;
export type CsvAudienceInput = z.input<typeof csvAudienceBody>;
export type EstimateInput = z.input<typeof estimateBody>;

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  recipients: (id: string) => ['campaigns', 'recipients', id] as const,
  audienceLists: ['campaigns', 'audience-lists'] as const,
  choices: ['campaigns', 'choices'] as const,
  templates: (integration: string) => ['campaigns', 'templates', integration] as const,
  sender: (integration: string) => ['campaigns', 'sender', integration] as const,
};

export type SenderInput = z.input<typeof senderBody>;

export const campaignsApi = {
  sender: (integration: string) => callRoute(getSender, { params: { integration } }),
  saveSender: (integration: string, body: SenderInput) =>
    callRoute(putSender, { params: { integration }, body }),
  list: (cursor: string | undefined) => callRoute(listCampaigns, { query: { cursor, limit: '20' } }),
  get: (id: string) => callRoute(getCampaign, { params: { id } }),
  create: (body: CampaignInput) => callRoute(createCampaign, { body }),
  estimate: (body: EstimateInput) => callRoute(estimateCampaign, { body }),
  start: (id: string) => callRoute(startCampaign, { params: { id } }),
  pause: (id: string) => callRoute(pauseCampaign, { params: { id } }),
  resume: (id: string) => callRoute(resumeCampaign, { params: { id } }),
  cancel: (id: string) => callRoute(cancelCampaign, { params: { id } }),
  recipients: (id: string, status: RecipientStatus | undefined, cursor: string | undefined) =>
    callRoute(listRecipients, { params: { id }, query: { status, cursor, limit: '50' } }),
  exportCsv: (id: string) => callRoute(exportRecipients, { params: { id } }),
  audienceLists: async () => (await callRoute(listAudienceLists)).audience_lists,
  createAudienceList: (body: AudienceListInput) => callRoute(createAudienceList, { body }),
  deleteAudienceList: (id: string) => callRoute(deleteAudienceList, { params: { id } }),
  createCsvAudienceList: (body: CsvAudienceInput) => callRoute(createCsvAudienceList, { body }),
};

/** What the stepper offers: WhatsApp channels, tags, smart tags, wallets and saved audiences. */
export async function loadChoices() {
  const [integrations, tags, smartTags, wallets, lists] = await Promise.all([
    callRoute(listChannelIntegrations),
    callRoute(listTags),
    callRoute(listSmartTags).catch(() => ({ smart_tags: [] })),
    callRoute(listWallets).catch(() => ({ wallets: [] })),
    campaignsApi.audienceLists(),
  ]);
  return {
    channels: integrations.items.flatMap((item) =>
      item.type === 'official' || item.type === 'unofficial'
        ? [{ _id: item._id, label: item.label, official: item.type === 'official' }]
        : [],
    ),
    tags: tags.tags,
    smartTags: smartTags.smart_tags.map((tag) => ({ _id: tag._id, name: tag.name })),
    wallets: wallets.wallets.map((wallet) => ({ _id: wallet._id, name: wallet.name })),
    audienceLists: lists,
  };
}
export type CampaignChoices = Awaited<ReturnType<typeof loadChoices>>;

/** Only APPROVED templates can go in a campaign (spec point 4). */
export const approvedTemplates = async (integration: string) =>
  (await callRoute(allBasicByIntegration, { body: { integration } })).items.filter(
    (template) => template.status === 'APPROVED',
  );
