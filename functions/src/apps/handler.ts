import { completeOAuth, startOAuth } from '@atende/shared/contracts/apps/oauth';
import { installApp, listApps, uninstallApp } from '@atende/shared/contracts/apps/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as oauth from './oauth/service.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listApps, ({ auth }) => service.listApps(auth)),
    route(installApp, ({ auth, params, body }) => service.installApp(auth, params.name, body)),
    route(uninstallApp, ({ auth, params }) => service.uninstallApp(auth, params.name)),
    route(startOAuth, ({ auth, params }) => oauth.startOAuth(auth, params.name)),
    route(completeOAuth, ({ auth, params, body }) => oauth.completeOAuth(auth, params.name, body)),
  ],
  { accessContext: loadAccessContext },
);
