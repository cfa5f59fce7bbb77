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
import { getSender, putSender } from '@atende/shared/contracts/campaigns/sender-routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as csv from './csv-audience.ts';
import * as report from './report.ts';
import * as senders from './sender-service.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(createCampaign, ({ auth, body }) => service.createCampaign(auth, body)),
    route(listCampaigns, ({ auth, query }) => service.listCampaigns(auth, query)),
    route(estimateCampaign, ({ auth, body }) => service.estimateCampaign(auth, body)),
    route(getCampaign, ({ auth, params }) => service.getCampaign(auth, params.id)),
    route(startCampaign, ({ auth, params }) => service.startCampaign(auth, params.id)),
    route(pauseCampaign, ({ auth, params }) => service.pauseCampaign(auth, params.id)),
    route(resumeCampaign, ({ auth, params }) => service.resumeCampaign(auth, params.id)),
    route(cancelCampaign, ({ auth, params }) => service.cancelCampaign(auth, params.id)),
    route(listRecipients, ({ auth, params, query }) => report.listRecipients(auth, params.id, query)),
    route(exportRecipients, ({ auth, params }) => report.exportRecipients(auth, params.id)),
    route(listAudienceLists, ({ auth }) => report.listAudienceLists(auth)),
    route(createAudienceList, ({ auth, body }) => report.createAudienceList(auth, body)),
    route(createCsvAudienceList, ({ auth, body }) => csv.createCsvAudienceList(auth, body)),
    route(deleteAudienceList, ({ auth, params }) => report.deleteAudienceList(auth, params.id)),
    route(getSender, ({ auth, params }) => senders.getSender(auth, params.integration)),
    route(putSender, ({ auth, params, body }) => senders.putSender(auth, params.integration, body)),
  ],
  { accessContext: loadAccessContext },
);
