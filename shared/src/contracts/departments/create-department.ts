import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { departmentName, departmentNode, tagColor } from './views.ts';

/** `parent` makes it a sub-department; its label becomes `<parent label>.<name>`. */
export const createDepartmentBody = z.object({
  name: departmentName,
  parent: objectId.optional(),
  employees: z.array(objectId).max(500).default([]),
  tag_color: tagColor.optional(),
  view_all_contacts: z.boolean().default(false),
});

export const createDepartment = defineRoute({
  id: 'departments.create',
  method: 'POST',
  path: '/departments',
  domain: 'departments',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: createDepartmentBody,
  response: departmentNode,
  successStatus: 201,
  maxBodyBytes: 32_768,
});
