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
import { createChannelIntegration } from './integrations/create-channel-integration.ts';
import { deleteChannelIntegration } from './integrations/delete-channel-integration.ts';
import { listChannelIntegrations } from './integrations/list-channel-integrations.ts';
import { listLogs } from './logs/list-logs.ts';
import { createTabulation } from './tabulations/create-tabulation.ts';
import { deleteTabulation } from './tabulations/delete-tabulation.ts';
import { listTabulations } from './tabulations/list-tabulations.ts';
import { updateTabulation } from './tabulations/update-tabulation.ts';
import { assignConversation } from './conversations/assign-conversation.ts';
import { closeConversation } from './conversations/close-conversation.ts';
import { getConversation } from './conversations/get-conversation.ts';
import { getTranscript } from './conversations/get-transcript.ts';
import { listConversations } from './conversations/list-conversations.ts';
import { listMessages } from './conversations/list-messages.ts';
import { transferConversation } from './conversations/transfer-conversation.ts';
import { customersTotalMessages } from './customers/customers-total-messages.ts';
import { migrateChannel } from './customers/migrate-channel.ts';
import { presignMedia } from './messages/presign-media.ts';
import { resendMessage } from './messages/resend-message.ts';
import { sendCustomerMedia } from './messages/send-customer-media.ts';
import { sendCustomerMessage } from './messages/send-customer-message.ts';
import { sendGroupMedia } from './messages/send-group-media.ts';
import { sendGroupMessage } from './messages/send-group-message.ts';
import { customersQueueWaitCount } from './queue/customers-queue-wait-count.ts';
import { reallocatedCustomersQueueWaitCount } from './queue/reallocated-customers-queue-wait-count.ts';
import type { RouteContract } from './types.ts';
import { createWidgetSession } from './widget/create-widget-session.ts';
import { getWidgetConfig } from './widget/get-widget-config.ts';
import { listWidgetMessages } from './widget/list-widget-messages.ts';
import { postWidgetMessage } from './widget/post-widget-message.ts';

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
  listChannelIntegrations,
  createChannelIntegration,
  deleteChannelIntegration,
  getWidgetConfig,
  createWidgetSession,
  postWidgetMessage,
  listWidgetMessages,
  listConversations,
  getConversation,
  listMessages,
  assignConversation,
  transferConversation,
  closeConversation,
  getTranscript,
  customersQueueWaitCount,
  reallocatedCustomersQueueWaitCount,
  customersTotalMessages,
  migrateChannel,
  sendCustomerMessage,
  sendGroupMessage,
  sendCustomerMedia,
  sendGroupMedia,
  presignMedia,
  resendMessage,
];
