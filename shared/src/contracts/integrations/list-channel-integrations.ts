import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationView } from './views.ts';

export const listChannelIntegrationsResponse = z.object({ items: z.array(integrationView) });

export const listChannelIntegrations = defineRoute({
  id: 'integrations.listChannels',
  method: 'GET',
  path: '/integrations/channels',
  domain: 'integrations',
  auth: 'employee',
  /** Every employee: the chat filters and pickers offer the company's channels; nothing secret is listed. */
  access: { roles: 'all' },
  response: listChannelIntegrationsResponse,
});
