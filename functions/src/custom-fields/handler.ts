import { createCustomField } from '@atende/shared/contracts/custom-fields/create-custom-field';
import { deleteCustomField } from '@atende/shared/contracts/custom-fields/delete-custom-field';
import { listCustomFields } from '@atende/shared/contracts/custom-fields/list-custom-fields';
import { updateCustomField } from '@atende/shared/contracts/custom-fields/update-custom-field';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listCustomFields, ({ auth }) => service.listCustomFields(auth)),
    route(createCustomField, ({ auth, body }) => service.createCustomField(auth, body)),
    route(updateCustomField, ({ auth, params, body }) => service.updateCustomField(auth, params.id, body)),
    route(deleteCustomField, ({ auth, params }) => service.deleteCustomField(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
