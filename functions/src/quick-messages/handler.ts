import { createQuickMessage } from '@atende/shared/contracts/quick-messages/create-quick-message';
import { deleteQuickMessage } from '@atende/shared/contracts/quick-messages/delete-quick-message';
import { listQuickMessages } from '@atende/shared/contracts/quick-messages/list-quick-messages';
import { updateQuickMessage } from '@atende/shared/contracts/quick-messages/update-quick-message';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listQuickMessages, ({ auth }) => service.listQuickMessages(auth)),
    route(createQuickMessage, ({ auth, body }) => service.createQuickMessage(auth, body)),
    route(updateQuickMessage, ({ auth, params, body }) => service.updateQuickMessage(auth, params.id, body)),
    route(deleteQuickMessage, ({ auth, params }) => service.deleteQuickMessage(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
