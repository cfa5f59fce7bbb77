import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { page, pageQuery } from './paging.ts';
import { adminEmployeeView } from './views.ts';

export const listEmployeesQuery = z.object({
  /** Prefix of the name (accents and case ignored) or of the e-mail. */
  search: z.string().trim().max(120).optional(),
  ...pageQuery,
});

export const listEmployeesResponse = page(adminEmployeeView);

/** app/settings/employees: the company's employees, active and inactive, name matches before e-mail matches. */
export const listEmployees = defineRoute({
  id: 'employees.list',
  method: 'GET',
  path: '/employees',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  query: listEmployeesQuery,
  response: listEmployeesResponse,
});
