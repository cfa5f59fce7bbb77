import {
  createApiKey,
  deleteApiKey,
  getOpenApi,
  listApiKeys,
} from '@atende/shared/contracts/api-keys/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { openApiDocument } from './openapi.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listApiKeys, ({ auth }) => service.listApiKeys(auth)),
    route(createApiKey, ({ auth, body }) => service.createApiKey(auth, body)),
    route(deleteApiKey, ({ auth, params }) => service.deleteApiKey(auth, params.id)),
    route(getOpenApi, async () => openApiDocument()),
  ],
  { accessContext: loadAccessContext },
);
