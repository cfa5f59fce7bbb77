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
import { getCompanyPermissions } from './company/get-company-permissions.ts';
import { getCompanyProfile } from './company/get-company-profile.ts';
import { getCompanySettings } from './company/get-company-settings.ts';
import { updateCompanyPermissions } from './company/update-company-permissions.ts';
import { updateCompanyProfile } from './company/update-company-profile.ts';
import { updateCompanySettings } from './company/update-company-settings.ts';
import { createDepartment } from './departments/create-department.ts';
import { deleteDepartment } from './departments/delete-department.ts';
import { listDepartments } from './departments/list-departments.ts';
import { updateDepartment } from './departments/update-department.ts';
import { createEmployee } from './employees/create-employee.ts';
import { getEmployee } from './employees/get-employee.ts';
import { listEmployees } from './employees/list-employees.ts';
import { updateEmployee } from './employees/update-employee.ts';
import { listLogs } from './logs/list-logs.ts';
import { createTabulation } from './tabulations/create-tabulation.ts';
import { deleteTabulation } from './tabulations/delete-tabulation.ts';
import { listTabulations } from './tabulations/list-tabulations.ts';
import { updateTabulation } from './tabulations/update-tabulation.ts';
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
  listEmployees,
  createEmployee,
  getEmployee,
  updateEmployee,
  listDepartments,
  createDepartment,
  updateDepartment,
  deleteDepartment,
  listTabulations,
  createTabulation,
  updateTabulation,
  deleteTabulation,
  getCompanySettings,
  updateCompanySettings,
  getCompanyPermissions,
  updateCompanyPermissions,
  getCompanyProfile,
  updateCompanyProfile,
  listLogs,
];
