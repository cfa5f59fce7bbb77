import { addToBlacklist } from '@atende/shared/contracts/blacklist/add-to-blacklist';
import { listBlacklist } from '@atende/shared/contracts/blacklist/list-blacklist';
import { removeFromBlacklist } from '@atende/shared/contracts/blacklist/remove-from-blacklist';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listBlacklist, ({ auth }) => service.listBlacklist(auth)),
    route(addToBlacklist, ({ auth, body }) => service.addToBlacklist(auth, body.customer)),
    route(removeFromBlacklist, ({ auth, params }) => service.removeFromBlacklist(auth, params.customerId)),
  ],
  { accessContext: loadAccessContext },
);
