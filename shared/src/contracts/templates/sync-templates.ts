import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationRef, templateListResponse } from './views.ts';

/**
 * Reads the integration's templates and statuses from the provider (Meta and motor: the WABA's
 * message_templates, which needs the integration's waba_id) and stores them; answers the stored list.
 */
export const syncTemplates = defineRoute({
  id: 'templates.sync',
  method: 'POST',
  path: '/templates/sync',
  domain: 'templates',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  body: z.object({ integration: integrationRef }),
  response: templateListResponse,
});
