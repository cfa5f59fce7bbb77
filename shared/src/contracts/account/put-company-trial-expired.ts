import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { companyView } from './views.ts';

export const trialExpiredResponse = z.object({ expired: z.boolean(), company: companyView });

/** Called by the trial countdown at zero (spec point 4): expires the trial and drops WhatsApp integrations. */
export const putCompanyTrialExpired = defineRoute({
  id: 'account.putCompanyTrialExpired',
  method: 'PUT',
  path: '/company-trial-expired/{companyId}/{employeeId}',
  domain: 'account',
  auth: 'employee',
  params: z.object({ companyId: objectId, employeeId: objectId }),
  response: trialExpiredResponse,
});
