import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { departmentIdParams, departmentName, departmentNode, tagColor } from './views.ts';

/** A rename relabels every sub-department below it. `employees` replaces the member list. */
export const updateDepartmentBody = z
  .object({
    name: departmentName,
    employees: z.array(objectId).max(500),
    tag_color: tagColor,
    view_all_contacts: z.boolean(),
  })
  .partial()
  .strict();

export const updateDepartment = defineRoute({
  id: 'departments.update',
  method: 'PATCH',
  path: '/departments/{id}',
  domain: 'departments',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: departmentIdParams,
  body: updateDepartmentBody,
  response: departmentNode,
  maxBodyBytes: 32_768,
});
