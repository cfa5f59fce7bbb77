import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { employeeEmail } from './views.ts';

export const checkEmployeeEmailQuery = z.object({ email: employeeEmail });

/**
 * `exists`: the e-mail already has a login account (in any company), so the employee form asks only for the
 * profile. `inCompany`: it is already an employee of the caller's company. Nothing else about the account or
 * its other companies is answered.
 */
export const checkEmployeeEmailResponse = z.object({ exists: z.boolean(), inCompany: z.boolean() });

export const checkEmployeeEmail = defineRoute({
  id: 'employees.checkEmail',
  method: 'GET',
  path: '/employees/email-check',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  query: checkEmployeeEmailQuery,
  response: checkEmployeeEmailResponse,
});
