import {
  createDepartment,
  type createDepartmentBody,
} from '@atende/shared/contracts/departments/create-department';
import { deleteDepartment } from '@atende/shared/contracts/departments/delete-department';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import {
  updateDepartment,
  type updateDepartmentBody,
} from '@atende/shared/contracts/departments/update-department';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { PAGE_SIZE } from '@atende/shared/contracts/employees/paging';
import { createTabulation } from '@atende/shared/contracts/tabulations/create-tabulation';
import { deleteTabulation } from '@atende/shared/contracts/tabulations/delete-tabulation';
import { listTabulations } from '@atende/shared/contracts/tabulations/list-tabulations';
import { updateTabulation } from '@atende/shared/contracts/tabulations/update-tabulation';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export const fetchDepartments = () => callRoute(listDepartments);
export const postDepartment = (body: z.input<typeof createDepartmentBody>) =>
  callRoute(createDepartment, { body });
export const patchDepartment = (id: string, body: z.input<typeof updateDepartmentBody>) =>
  callRoute(updateDepartment, { params: { id }, body });
export const removeDepartment = (id: string) => callRoute(deleteDepartment, { params: { id } });

/** Members are picked from the first page of the largest size the API serves. */
export const fetchEmployeeChoices = () =>
  callRoute(listEmployees, { query: { limit: String(PAGE_SIZE.max) } });

export const fetchTabulations = () => callRoute(listTabulations);
export const postTabulation = (label: string) => callRoute(createTabulation, { body: { label } });
export const patchTabulation = (id: string, label: string) =>
  callRoute(updateTabulation, { params: { id }, body: { label } });
export const removeTabulation = (id: string) => callRoute(deleteTabulation, { params: { id } });
