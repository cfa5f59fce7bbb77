import { forceLogoutForDisabledCompanies } from '@atende/shared/contracts/account/force-logout';
import { getFeatures } from '@atende/shared/contracts/account/get-features';
import { getModalNotifications } from '@atende/shared/contracts/account/get-modal-notifications';
import { getMountApp } from '@atende/shared/contracts/account/get-mount-app';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { getRollouts } from '@atende/shared/contracts/account/get-rollouts';
import { identifyUserForBrowserAndClearSession } from '@atende/shared/contracts/account/identify-browser-session';
import { putCompanyTrialExpired } from '@atende/shared/contracts/account/put-company-trial-expired';
import { listMissedFrames } from '@atende/shared/contracts/realtime/list-missed-frames';
import { createHttpHandler, route } from '../lib/http.ts';
import { missedFrames } from '../realtime/sequence.ts';
import {
  companyTrialExpired,
  forceLogoutForDisabled,
  identifyBrowserSession,
  modalNotifications,
  mountApp,
  permissions,
  planFeatures,
  rollouts,
} from './service.ts';

export const handler = createHttpHandler([
  route(getMountApp, ({ auth, params }) => mountApp(auth, params.employeeId)),
  route(getRollouts, ({ auth, params }) => rollouts(auth, params.companyId)),
  route(getFeatures, ({ auth, params }) => planFeatures(auth, params.companyId)),
  route(getPermissions, ({ auth }) => permissions(auth)),
  route(getModalNotifications, ({ auth, params, query }) =>
    modalNotifications(auth, params.companyId, params.accountType, query.role),
  ),
  route(putCompanyTrialExpired, ({ auth, params }) =>
    companyTrialExpired(auth, params.companyId, params.employeeId),
  ),
  route(forceLogoutForDisabledCompanies, ({ auth, body }) =>
    forceLogoutForDisabled(auth, body.id_session_user),
  ),
  route(identifyUserForBrowserAndClearSession, ({ auth, body }) =>
    identifyBrowserSession(auth, body.id_session_user, body.employee),
  ),
  route(listMissedFrames, ({ auth, query }) => missedFrames(auth, query.after)),
]);
