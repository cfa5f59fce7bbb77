import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import { listTemplates } from '@atende/shared/contracts/templates/list-templates';
import { registerTemplate } from '@atende/shared/contracts/templates/register-template';
import { submitTemplate } from '@atende/shared/contracts/templates/submit-template';
import { syncTemplates } from '@atende/shared/contracts/templates/sync-templates';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(allBasicByIntegration, ({ auth, body }) => service.listTemplates(auth, body.integration)),
    route(listTemplates, ({ auth, query }) => service.listTemplates(auth, query.integration)),
    route(syncTemplates, ({ auth, body }) => service.syncTemplates(auth, body.integration)),
    route(registerTemplate, ({ auth, body }) => service.registerTemplate(auth, body)),
    route(submitTemplate, ({ auth, body }) => service.submitTemplate(auth, body)),
  ],
  { accessContext: loadAccessContext },
);
