import { defineRoute } from '../types.ts';
import { createIntegrationBody, integrationView } from './views.ts';

/** Spec point 2, channels page: creates a channel integration of the company. */
export const createChannelIntegration = defineRoute({
  id: 'integrations.createChannel',
  method: 'POST',
  path: '/integrations/channels',
  domain: 'integrations',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  body: createIntegrationBody,
  response: integrationView,
  successStatus: 201,
  maxBodyBytes: 16_384,
});
