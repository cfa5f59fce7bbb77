import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { departmentIdParams } from './views.ts';

/** Deletes a department with its whole subtree; the answer lists every removed id. */
export const deleteDepartmentResponse = z.object({ deleted: z.array(objectId) });

export const deleteDepartment = defineRoute({
  id: 'departments.delete',
  method: 'DELETE',
  path: '/departments/{id}',
  domain: 'departments',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: departmentIdParams,
  response: deleteDepartmentResponse,
});
