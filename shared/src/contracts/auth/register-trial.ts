import * as z from 'zod';
import { PLAN_CODES } from '../../domain/constants.ts';
import { companyView, employeeView } from '../account/views.ts';
import { defineRoute } from '../types.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const registerTrialBody = z.object({
  account_type: z.enum(PLAN_CODES),
  company_name: z.string().trim().min(1).max(120),
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(256),
});

export const registerTrialResponse = z.object({ company: companyView, employee: employeeView });

/** Sign-up (screen /trial/register/:account_type): a trial company and its root admin. */
export const registerTrial = defineRoute({
  id: 'auth.registerTrial',
  method: 'POST',
  path: '/trial/register',
  domain: 'auth',
  auth: 'public',
  body: registerTrialBody,
  response: registerTrialResponse,
  successStatus: 201,
  maxBodyBytes: 4096,
});
