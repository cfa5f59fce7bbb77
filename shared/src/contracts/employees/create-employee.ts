import * as z from 'zod';
import { invitationSentView } from '../auth/invitations.ts';
import { defineRoute } from '../types.ts';
import {
  adminEmployeeView,
  employeeDepartments,
  employeeEmail,
  employeeName,
  employeePassword,
  employeeRole,
  employeeSettings,
} from './views.ts';

/**
 * A new e-mail needs `name` and `password`, the initial password: the employee starts with firstLogin true and
 * changes it at the first-login modal. An e-mail that already has a login account (another company's
 * employee) needs neither (spec, employee form: the admin only picks a profile and saves), and a password sent
 * then is refused (400); that person is not added at once but invited (answer `{invited: true}`, nothing else
 * about them): they become an employee with the chosen profile when they accept (`/auth/invitations`).
 * Whether an e-mail has an account is answered by `GET /employees/email-check`.
 */
export const createEmployeeBody = z.object({
  name: employeeName.optional(),
  email: employeeEmail,
  role: employeeRole,
  departments: employeeDepartments.default([]),
  password: employeePassword.optional(),
  settings: employeeSettings.optional(),
});

export const EMPLOYEE_ERROR_CODES = {
  employeeLimit: 'employee_limit',
} as const;

export const createEmployee = defineRoute({
  id: 'employees.create',
  method: 'POST',
  path: '/employees',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: createEmployeeBody,
  response: z.union([adminEmployeeView, invitationSentView]),
  successStatus: 201,
  maxBodyBytes: 16_384,
});
