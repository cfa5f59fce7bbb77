import { completeOAuth, type OAuthApp, startOAuth } from '@atende/shared/contracts/apps/oauth';
import { installApp, listApps, uninstallApp } from '@atende/shared/contracts/apps/routes';
import type { InstallAppBody } from '@atende/shared/contracts/apps/views';
import type { AppName } from '@atende/shared/domain/apps';
import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api/call-route.ts';

export const appKeys = {
  all: ['integrations', 'apps'] as const,
};

/** Spec point 7: another browser installing or uninstalling an app refreshes this catalogue. */
export const APP_LIVE_EVENTS: readonly ServerEvent[] = ['refresh-session'];

export function appKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event !== 'refresh-session') return [];
  const { event } = (frame as ServerFrame<'refresh-session'>).data;
  return event === 'install-app' || event === 'uninstall-app' ? [appKeys.all] : [];
}

export const appsApi = {
  list: async () => (await callRoute(listApps)).apps,
  install: (name: AppName, body: InstallAppBody) => callRoute(installApp, { params: { name }, body }),
  uninstall: (name: AppName) => callRoute(uninstallApp, { params: { name } }),
  startOAuth: (name: OAuthApp) => callRoute(startOAuth, { params: { name } }),
  completeOAuth: (name: OAuthApp, body: { code: string; state: string }) =>
    callRoute(completeOAuth, { params: { name }, body }),
};
