import { defineRoute } from '../types.ts';
import { integrationIdParams } from './views.ts';

/** Removes the integration; its public routes (widget script, webhooks) answer 404 from then on. */
export const deleteChannelIntegration = defineRoute({
  id: 'integrations.deleteChannel',
  method: 'DELETE',
  path: '/integrations/channels/{id}',
  domain: 'integrations',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  params: integrationIdParams,
  successStatus: 204,
});
