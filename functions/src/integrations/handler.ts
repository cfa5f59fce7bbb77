import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listChannelIntegrations, ({ auth }) => service.listChannelIntegrations(auth)),
    route(createChannelIntegration, ({ auth, body }) => service.createIntegration(auth, body)),
    route(deleteChannelIntegration, ({ auth, params }) => service.deleteIntegration(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
