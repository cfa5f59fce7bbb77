import { installApp, listApps, uninstallApp } from '@atende/shared/contracts/apps/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listApps, ({ auth }) => service.listApps(auth)),
    route(installApp, ({ auth, params, body }) => service.installApp(auth, params.name, body)),
    route(uninstallApp, ({ auth, params }) => service.uninstallApp(auth, params.name)),
  ],
  { accessContext: loadAccessContext },
);
