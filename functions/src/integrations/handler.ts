import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { getChannelHealth } from '@atende/shared/contracts/integrations/get-channel-health';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { removeWhatsappIntegration } from '@atende/shared/contracts/integrations/remove-whatsapp-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import {
  connectWhatsappSession,
  getWhatsappSession,
  logoutWhatsappSession,
} from '@atende/shared/contracts/integrations/whatsapp-session';
import {
  confirmMailbox,
  resendMailboxCode,
} from '@atende/shared/contracts/integrations/mailbox-confirmation';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { removeWhatsappIntegration as removeWhatsapp } from './remove-whatsapp.ts';
import * as mailboxes from './mailbox-service.ts';
import * as service from './service.ts';
import * as sessions from '../channels/whatsapp-session/service.ts';

export const handler = createHttpHandler(
  [
    route(listChannelIntegrations, ({ auth }) => service.listChannelIntegrations(auth)),
    route(getChannelHealth, ({ auth }) => service.getChannelHealth(auth)),
    route(createChannelIntegration, ({ auth, body }) => service.createIntegration(auth, body)),
    route(updateChannelIntegration, ({ auth, params, body }) =>
      service.updateIntegration(auth, params.id, body),
    ),
    route(confirmMailbox, ({ auth, params, body }) => mailboxes.confirmMailbox(auth, params.id, body.code)),
    route(resendMailboxCode, ({ auth, params }) => mailboxes.resendMailboxCode(auth, params.id)),
    route(deleteChannelIntegration, async ({ auth, params }) => {
      if (!(await sessions.deleteSessionIfAny(auth, params.id)))
        await service.deleteIntegration(auth, params.id);
    }),
    route(removeWhatsappIntegration, ({ auth, params, body }) =>
      removeWhatsapp(auth, params.companyId, body.integration),
    ),
    route(connectWhatsappSession, ({ auth, params }) => sessions.connectSession(auth, params.id)),
    route(getWhatsappSession, ({ auth, params }) => sessions.getSession(auth, params.id)),
    route(logoutWhatsappSession, ({ auth, params }) => sessions.logoutSession(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
