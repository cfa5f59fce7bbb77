import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { companyView, employeeView } from './views.ts';

export const mountAppResponse = employeeView.extend({ company: companyView });

/** The employee with its company, read when the shell mounts (path spelling kept from spec point 7). */
export const getMountApp = defineRoute({
  id: 'account.getMountApp',
  method: 'GET',
  path: '/get-compnay-mount-app/{employeeId}',
  domain: 'account',
  auth: 'employee',
  params: z.object({ employeeId: objectId }),
  response: mountAppResponse,
});
