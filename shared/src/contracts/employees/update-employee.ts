import * as z from 'zod';
import { defineRoute } from '../types.ts';
import {
  adminEmployeeView,
  employeeDepartments,
  employeeEmail,
  employeeIdParams,
  employeeName,
  employeeRole,
  employeeSettings,
} from './views.ts';

/**
 * A partial update. `inactive: true` deactivates (every session ends at once), `false` reactivates. Name and
 * e-mail may differ from the stored ones only when the caller edits themself (spec, employee form).
 * `departments` replaces the employee's department memberships.
 */
export const updateEmployeeBody = z
  .object({
    name: employeeName,
    email: employeeEmail,
    role: employeeRole,
    departments: employeeDepartments,
    settings: employeeSettings,
    inactive: z.boolean(),
    disableInactivity: z.boolean(),
  })
  .partial()
  .strict();

export const updateEmployee = defineRoute({
  id: 'employees.update',
  method: 'PATCH',
  path: '/employees/{id}',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: employeeIdParams,
  body: updateEmployeeBody,
  response: adminEmployeeView,
  maxBodyBytes: 16_384,
});
