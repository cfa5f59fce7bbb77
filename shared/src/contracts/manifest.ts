import { forceLogoutForDisabledCompanies } from './account/force-logout.ts';
import { getFeatures } from './account/get-features.ts';
import { getModalNotifications } from './account/get-modal-notifications.ts';
import { getMountApp } from './account/get-mount-app.ts';
import { getPermissions } from './account/get-permissions.ts';
import { listMissedFrames } from './realtime/list-missed-frames.ts';
import { getRollouts } from './account/get-rollouts.ts';
import { identifyUserForBrowserAndClearSession } from './account/identify-browser-session.ts';
import { putCompanyTrialExpired } from './account/put-company-trial-expired.ts';
import { changePassword } from './auth/change-password.ts';
import { createToken } from './auth/create-token.ts';
import { listAccountCompanies } from './auth/list-companies.ts';
import { refreshToken } from './auth/refresh-token.ts';
import { confirmTrial, registerTrial } from './auth/register-trial.ts';
import { revokeToken } from './auth/revoke-token.ts';
import { switchCompany } from './auth/switch-company.ts';
import { acceptInvitation, declineInvitation, leaveCompany, listInvitations } from './auth/invitations.ts';
import { getHealth } from './health/get-health.ts';
import { getCompanyPermissions } from './company/get-company-permissions.ts';
import { getCompanyProfile } from './company/get-company-profile.ts';
import { getCompanySettings } from './company/get-company-settings.ts';
import { updateCompanyPermissions } from './company/update-company-permissions.ts';
import { updateCompanyProfile } from './company/update-company-profile.ts';
import { updateCompanySettings } from './company/update-company-settings.ts';
import { ROLLOUT_BLACKLIST_ROUTES } from './company/rollout-blacklist.ts';
import { createDepartment } from './departments/create-department.ts';
import { deleteDepartment } from './departments/delete-department.ts';
import { listDepartments } from './departments/list-departments.ts';
import { updateDepartment } from './departments/update-department.ts';
import { checkEmployeeEmail } from './employees/check-email.ts';
import { cancelCompanyInvitation, listCompanyInvitations } from './employees/invitations.ts';
import { createEmployee } from './employees/create-employee.ts';
import { getEmployee } from './employees/get-employee.ts';
import { listEmployees } from './employees/list-employees.ts';
import { updateEmployee } from './employees/update-employee.ts';
import { createChannelIntegration } from './integrations/create-channel-integration.ts';
import { deleteChannelIntegration } from './integrations/delete-channel-integration.ts';
import { getChannelHealth } from './integrations/get-channel-health.ts';
import { listChannelIntegrations } from './integrations/list-channel-integrations.ts';
import { removeWhatsappIntegration } from './integrations/remove-whatsapp-integration.ts';
import { updateChannelIntegration } from './integrations/update-channel-integration.ts';
import {
  connectWhatsappSession,
  getWhatsappSession,
  logoutWhatsappSession,
} from './integrations/whatsapp-session.ts';
import { confirmMailbox, resendMailboxCode } from './integrations/mailbox-confirmation.ts';
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
import { allBasicByIntegration } from './templates/all-basic-by-integration.ts';
import { listTemplates } from './templates/list-templates.ts';
import { registerTemplate } from './templates/register-template.ts';
import { syncTemplates } from './templates/sync-templates.ts';
import { submitTemplate } from './templates/submit-template.ts';
import { createContactExport } from './contacts/create-contact-export.ts';
import { createContactImport } from './contacts/create-contact-import.ts';
import { createContactImportUpload } from './contacts/create-contact-import-upload.ts';
import { createContact } from './contacts/create-contact.ts';
import { deleteContact } from './contacts/delete-contact.ts';
import { getContactExport } from './contacts/get-contact-export.ts';
import { getContactImportErrors } from './contacts/get-contact-import-errors.ts';
import { getContactImport } from './contacts/get-contact-import.ts';
import { getContactTimeline } from './contacts/get-contact-timeline.ts';
import { getContact } from './contacts/get-contact.ts';
import { listContacts } from './contacts/list-contacts.ts';
import { updateContact } from './contacts/update-contact.ts';
import { createTag } from './tags/create-tag.ts';
import { deleteTag } from './tags/delete-tag.ts';
import { listTags } from './tags/list-tags.ts';
import { updateTag } from './tags/update-tag.ts';
import { createWallet } from './wallets/create-wallet.ts';
import { deleteWallet } from './wallets/delete-wallet.ts';
import { listWallets } from './wallets/list-wallets.ts';
import { updateWallet } from './wallets/update-wallet.ts';
import { createWalletExport, getWalletExport } from './wallets/wallet-exports.ts';
import { createQuickMessage } from './quick-messages/create-quick-message.ts';
import { deleteQuickMessage } from './quick-messages/delete-quick-message.ts';
import { listQuickMessages } from './quick-messages/list-quick-messages.ts';
import { updateQuickMessage } from './quick-messages/update-quick-message.ts';
import { createVariable } from './variables/create-variable.ts';
import { deleteVariable } from './variables/delete-variable.ts';
import { listVariables } from './variables/list-variables.ts';
import { updateVariable } from './variables/update-variable.ts';
import { createCommand } from './commands/create-command.ts';
import { deleteCommand } from './commands/delete-command.ts';
import { listCommands } from './commands/list-commands.ts';
import { updateCommand } from './commands/update-command.ts';
import { createCustomField } from './custom-fields/create-custom-field.ts';
import { deleteCustomField } from './custom-fields/delete-custom-field.ts';
import { listCustomFields } from './custom-fields/list-custom-fields.ts';
import { updateCustomField } from './custom-fields/update-custom-field.ts';
import { addToBlacklist } from './blacklist/add-to-blacklist.ts';
import { listBlacklist } from './blacklist/list-blacklist.ts';
import { removeFromBlacklist } from './blacklist/remove-from-blacklist.ts';
import { createSmartTag } from './smart-tags/create-smart-tag.ts';
import { deleteSmartTag } from './smart-tags/delete-smart-tag.ts';
import { getSmartTag } from './smart-tags/get-smart-tag.ts';
import { listSmartTagContacts } from './smart-tags/list-smart-tag-contacts.ts';
import { listSmartTags } from './smart-tags/list-smart-tags.ts';
import { previewSmartTag } from './smart-tags/preview-smart-tag.ts';
import { updateSmartTag } from './smart-tags/update-smart-tag.ts';
import { FLOW_ROUTES } from './flows/routes.ts';
import { PIPELINES_ROUTES } from './pipelines/routes.ts';
import { AI_INSIGHT_ROUTES } from './ai/insight-routes.ts';
import { AI_ROUTES } from './ai/routes.ts';
import { APPS_ROUTES } from './apps/routes.ts';
import { CAMPAIGNS_ROUTES } from './campaigns/routes.ts';
import { ANALYTICS_ROUTES } from './analytics/routes.ts';
import { WEBHOOK_ENDPOINT_ROUTES } from './webhook-endpoints/routes.ts';
import { API_KEY_ROUTES } from './api-keys/routes.ts';
import type { RouteContract } from './types.ts';
import { receiveProviderWebhook, verifyProviderWebhook } from './webhooks/provider-webhook.ts';
import { createWidgetSession } from './widget/create-widget-session.ts';
import { getWidgetConfig } from './widget/get-widget-config.ts';
import { listWidgetMessages } from './widget/list-widget-messages.ts';
import { postWidgetMessage } from './widget/post-widget-message.ts';

import { getTmail } from './tmail/get-tmail.ts';
import { listTmails } from './tmail/list-tmails.ts';
import { presignTmailAttachment } from './tmail/presign-tmail-attachment.ts';
import { searchTmailPeople } from './tmail/search-people.ts';
import { sendTmail } from './tmail/send-tmail.ts';
import { unreadTmails } from './tmail/unread-tmails.ts';
import { updateTmail } from './tmail/update-tmail.ts';
import { listFaqCategories, createFaqCategory, deleteFaqCategory } from './faq/categories.ts';
import { searchFaqArticles, readFaqArticle, voteFaqArticle } from './faq/articles.ts';
import { getFaqSetup, updateFaqConfig } from './faq/config.ts';
import {
  createFaqArticle,
  getFaqDraft,
  listFaqDrafts,
  presignFaqAttachment,
  setFaqArticleStatus,
  updateFaqArticle,
} from './faq/manage.ts';
import { getFaqReport } from './faq/reports.ts';
import { reportCritical, reportTracing } from './client-logs/report.ts';
import {
  clearNotifications,
  listNotifications,
  setNotificationAudio,
  getProfile,
  listProfileImages,
  presignProfileImage,
  saveProfileImage,
  updateProfile,
} from './profile/routes.ts';
import {
  getConsumption,
  getFinance,
  getGupshupBalance,
  getMyPlan,
  requestPlanChange,
} from './billing/routes.ts';
import { listNews, markNewsRead } from './news/routes.ts';
import {
  createSuggestion,
  listSuggestions,
  updateSuggestionStatus,
  voteSuggestion,
} from './suggestions/routes.ts';
import {
  completeLesson,
  courseTeamProgress,
  createCourse,
  getCourse,
  listCourses,
} from './academy/routes.ts';
import { getFanpages } from './fanpage/get-fanpages.ts';
/** Every REST route, once. A route that is not here does not exist. */
export const ROUTES: readonly RouteContract[] = [
  getHealth,
  registerTrial,
  confirmTrial,
  createToken,
  refreshToken,
  revokeToken,
  changePassword,
  listAccountCompanies,
  switchCompany,
  listInvitations,
  acceptInvitation,
  declineInvitation,
  leaveCompany,
  getMountApp,
  getRollouts,
  getFeatures,
  getPermissions,
  getModalNotifications,
  putCompanyTrialExpired,
  forceLogoutForDisabledCompanies,
  identifyUserForBrowserAndClearSession,
  listMissedFrames,
  listEmployees,
  createEmployee,
  checkEmployeeEmail,
  listCompanyInvitations,
  cancelCompanyInvitation,
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
  updateChannelIntegration,
  confirmMailbox,
  resendMailboxCode,
  getChannelHealth,
  removeWhatsappIntegration,
  connectWhatsappSession,
  getWhatsappSession,
  logoutWhatsappSession,
  receiveProviderWebhook,
  verifyProviderWebhook,
  allBasicByIntegration,
  listTemplates,
  syncTemplates,
  registerTemplate,
  submitTemplate,
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
  createContactExport,
  createContactImport,
  createContactImportUpload,
  createContact,
  deleteContact,
  getContactExport,
  getContactImportErrors,
  getContactImport,
  getContactTimeline,
  getContact,
  listContacts,
  updateContact,
  createTag,
  deleteTag,
  listTags,
  updateTag,
  createWallet,
  deleteWallet,
  listWallets,
  updateWallet,
  createWalletExport,
  getWalletExport,
  createQuickMessage,
  deleteQuickMessage,
  listQuickMessages,
  updateQuickMessage,
  createVariable,
  deleteVariable,
  listVariables,
  updateVariable,
  createCommand,
  deleteCommand,
  listCommands,
  updateCommand,
  createCustomField,
  deleteCustomField,
  listCustomFields,
  updateCustomField,
  addToBlacklist,
  listBlacklist,
  removeFromBlacklist,
  listSmartTags,
  createSmartTag,
  previewSmartTag,
  getSmartTag,
  updateSmartTag,
  deleteSmartTag,
  listSmartTagContacts,
  unreadTmails,
  searchTmailPeople,
  listTmails,
  sendTmail,
  presignTmailAttachment,
  getTmail,
  updateTmail,
  getFaqSetup,
  updateFaqConfig,
  listFaqCategories,
  createFaqCategory,
  deleteFaqCategory,
  searchFaqArticles,
  readFaqArticle,
  voteFaqArticle,
  listFaqDrafts,
  getFaqDraft,
  createFaqArticle,
  updateFaqArticle,
  setFaqArticleStatus,
  presignFaqAttachment,
  getFaqReport,
  reportCritical,
  reportTracing,
  getProfile,
  updateProfile,
  presignProfileImage,
  saveProfileImage,
  listProfileImages,
  listNotifications,
  clearNotifications,
  setNotificationAudio,
  getMyPlan,
  requestPlanChange,
  getConsumption,
  getFinance,
  getGupshupBalance,
  listNews,
  markNewsRead,
  listSuggestions,
  createSuggestion,
  voteSuggestion,
  updateSuggestionStatus,
  listCourses,
  getCourse,
  createCourse,
  completeLesson,
  courseTeamProgress,
  getFanpages,
  ...FLOW_ROUTES,
  ...PIPELINES_ROUTES,
  ...AI_ROUTES,
  ...AI_INSIGHT_ROUTES,
  ...APPS_ROUTES,
  ...CAMPAIGNS_ROUTES,
  ...ANALYTICS_ROUTES,
  ...WEBHOOK_ENDPOINT_ROUTES,
  ...API_KEY_ROUTES,
  ...ROLLOUT_BLACKLIST_ROUTES,
];
