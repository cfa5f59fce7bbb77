import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { getChannelHealth } from '@atende/shared/contracts/integrations/get-channel-health';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { removeWhatsappIntegration } from '@atende/shared/contracts/integrations/remove-whatsapp-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { removeWhatsappIntegration as removeWhatsapp } from './remove-whatsapp.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listChannelIntegrations, ({ auth }) => service.listChannelIntegrations(auth)),
    route(getChannelHealth, ({ auth }) => service.getChannelHealth(auth)),
    route(createChannelIntegration, ({ auth, body }) => service.createIntegration(auth, body)),
    route(updateChannelIntegration, ({ auth, params, body }) =>
      service.updateIntegration(auth, params.id, body),
    ),
    route(deleteChannelIntegration, async ({ auth, params }) => {
      await service.deleteIntegration(auth, params.id);
    }),
    route(removeWhatsappIntegration, ({ auth, params, body }) =>
      removeWhatsapp(auth, params.companyId, body.integration),
    ),
  ],
  { accessContext: loadAccessContext },
);
