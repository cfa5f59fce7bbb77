import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { departmentNode } from './views.ts';

export const listDepartmentsResponse = z.object({
  /** The tree. Under spec point 5 a restricted viewer gets only the departments they belong to. */
  departments: z.array(departmentNode),
  /** Whether the viewer sees every department (spec point 5, visible departments). */
  seesAll: z.boolean(),
});

export const listDepartments = defineRoute({
  id: 'departments.list',
  method: 'GET',
  path: '/departments',
  domain: 'departments',
  auth: 'employee',
  access: { roles: 'all' },
  response: listDepartmentsResponse,
});
