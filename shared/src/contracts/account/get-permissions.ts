import * as z from 'zod';
import { ROLES } from '../../domain/constants.ts';
import { defineRoute } from '../types.ts';

export const permissionsResponse = z.object({
  role: z.enum(ROLES),
  permissions: z.record(z.string(), z.boolean()),
});

/** The caller's company permission flags (spec point 6) and the caller's role. */
export const getPermissions = defineRoute({
  id: 'account.getPermissions',
  method: 'GET',
  path: '/permissions',
  domain: 'account',
  auth: 'employee',
  response: permissionsResponse,
});
