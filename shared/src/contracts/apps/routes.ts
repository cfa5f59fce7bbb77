import { defineRoute } from '../types.ts';
import { OAUTH_ROUTES } from './oauth.ts';
import { receiveAppWebhook } from './webhooks.ts';
import {
  APPS_ACCESS,
  appNameParams,
  appView,
  installAppBody,
  listAppsResponse,
  uninstallAppResponse,
} from './views.ts';

const base = { domain: 'apps', auth: 'employee', access: APPS_ACCESS } as const;

/** The catalogue of spec point 3 with the company's installations (credentials never included). */
export const listApps = defineRoute({
  ...base,
  id: 'apps.list',
  method: 'GET',
  path: '/apps',
  response: listAppsResponse,
});

/** Installs an app with the fields spec point 5 requires; 400 names the first missing or invalid field. */
export const installApp = defineRoute({
  ...base,
  id: 'apps.install',
  method: 'POST',
  path: '/apps/{name}',
  params: appNameParams,
  body: installAppBody,
  response: appView,
  successStatus: 201,
  maxBodyBytes: 16_384,
});

export const uninstallApp = defineRoute({
  ...base,
  id: 'apps.uninstall',
  method: 'DELETE',
  path: '/apps/{name}',
  params: appNameParams,
  response: uninstallAppResponse,
});

export const APPS_ROUTES = [listApps, installApp, uninstallApp, receiveAppWebhook, ...OAUTH_ROUTES];
