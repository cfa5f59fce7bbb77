import { createVariable } from '@atende/shared/contracts/variables/create-variable';
import { deleteVariable } from '@atende/shared/contracts/variables/delete-variable';
import { listVariables } from '@atende/shared/contracts/variables/list-variables';
import { updateVariable } from '@atende/shared/contracts/variables/update-variable';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listVariables, ({ auth }) => service.listVariables(auth)),
    route(createVariable, ({ auth, body }) => service.createVariable(auth, body)),
    route(updateVariable, ({ auth, params, body }) => service.updateVariable(auth, params.id, body)),
    route(deleteVariable, ({ auth, params }) => service.deleteVariable(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
