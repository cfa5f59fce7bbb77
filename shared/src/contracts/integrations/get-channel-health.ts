import * as z from 'zod';
import { defineRoute } from '../types.ts';

/** Spec point 4: 1 all channel integrations connected, 2 some, 3 none (or none exists). */
export const channelHealthResponse = z.object({
  health: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type ChannelHealthResponse = z.infer<typeof channelHealthResponse>;

/** Shown in the shell to every employee. */
export const getChannelHealth = defineRoute({
  id: 'integrations.health',
  method: 'GET',
  path: '/integrations/channels/health',
  domain: 'integrations',
  auth: 'employee',
  access: { roles: 'all' },
  response: channelHealthResponse,
});
