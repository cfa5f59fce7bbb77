import { z } from 'zod';
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
 * `password` is the initial password: the employee starts with firstLogin true and changes it at the
 * first-login modal. An e-mail already registered in another company is answered 409 with
 * `code: 'email_exists'` (the spec's "only pick a profile and save").
 */
export const createEmployeeBody = z.object({
  name: employeeName,
  email: employeeEmail,
  role: employeeRole,
  departments: employeeDepartments.default([]),
  password: employeePassword,
  settings: employeeSettings.optional(),
});

export const EMPLOYEE_ERROR_CODES = {
  emailExists: 'email_exists',
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
