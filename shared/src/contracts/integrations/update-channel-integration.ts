import { defineRoute } from '../types.ts';
import { integrationIdParams, integrationView, updateIntegrationBody } from './views.ts';

/** Renames an integration or rotates its credentials (a Telegram token change re-registers the webhook). */
export const updateChannelIntegration = defineRoute({
  id: 'integrations.updateChannel',
  method: 'PATCH',
  path: '/integrations/channels/{id}',
  domain: 'integrations',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  params: integrationIdParams,
  body: updateIntegrationBody,
  response: integrationView,
  maxBodyBytes: 16_384,
});
