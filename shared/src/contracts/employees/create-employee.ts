import * as z from 'zod';
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
 * employee) needs neither (spec, employee form: the admin only picks a profile and saves): the employee keeps
 * the account's name and signs in with the password they already use; a password sent then is refused (400).
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
  response: adminEmployeeView,
  successStatus: 201,
  maxBodyBytes: 16_384,
});
