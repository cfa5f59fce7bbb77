import { createTabulation } from '@atende/shared/contracts/tabulations/create-tabulation';
import { deleteTabulation } from '@atende/shared/contracts/tabulations/delete-tabulation';
import { listTabulations } from '@atende/shared/contracts/tabulations/list-tabulations';
import { updateTabulation } from '@atende/shared/contracts/tabulations/update-tabulation';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listTabulations, ({ auth }) => service.listTabulations(auth)),
    route(createTabulation, ({ auth, body }) => service.createTabulation(auth, body.label)),
    route(updateTabulation, ({ auth, params, body }) =>
      service.renameTabulation(auth, params.id, body.label),
    ),
    route(deleteTabulation, ({ auth, params }) => service.deleteTabulation(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
