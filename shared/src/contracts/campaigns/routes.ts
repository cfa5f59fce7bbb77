import {
  cancelCampaign,
  createCampaign,
  estimateCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  resumeCampaign,
  startCampaign,
} from './campaign-routes.ts';
import {
  createAudienceList,
  createCsvAudienceList,
  deleteAudienceList,
  exportRecipients,
  listAudienceLists,
  listRecipients,
} from './recipient-routes.ts';
import { getSender, putSender } from './sender-routes.ts';

export const CAMPAIGNS_ROUTES = [
  createCampaign,
  listCampaigns,
  estimateCampaign,
  getCampaign,
  startCampaign,
  pauseCampaign,
  resumeCampaign,
  cancelCampaign,
  listRecipients,
  exportRecipients,
  listAudienceLists,
  createAudienceList,
  createCsvAudienceList,
  deleteAudienceList,
  getSender,
  putSender,
] as const;
