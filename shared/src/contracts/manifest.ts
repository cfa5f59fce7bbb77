import { forceLogoutForDisabledCompanies } from './account/force-logout.ts';
import { getFeatures } from './account/get-features.ts';
import { getModalNotifications } from './account/get-modal-notifications.ts';
import { getMountApp } from './account/get-mount-app.ts';
import { getPermissions } from './account/get-permissions.ts';
import { getRollouts } from './account/get-rollouts.ts';
import { identifyUserForBrowserAndClearSession } from './account/identify-browser-session.ts';
import { putCompanyTrialExpired } from './account/put-company-trial-expired.ts';
import { createToken } from './auth/create-token.ts';
import { refreshToken } from './auth/refresh-token.ts';
import { registerTrial } from './auth/register-trial.ts';
import { revokeToken } from './auth/revoke-token.ts';
import { getHealth } from './health/get-health.ts';
import type { RouteContract } from './types.ts';

/** Every REST route, once. A route that is not here does not exist. */
export const ROUTES: readonly RouteContract[] = [
  getHealth,
  registerTrial,
  createToken,
  refreshToken,
  revokeToken,
  getMountApp,
  getRollouts,
  getFeatures,
  getPermissions,
  getModalNotifications,
  putCompanyTrialExpired,
  forceLogoutForDisabledCompanies,
  identifyUserForBrowserAndClearSession,
];
