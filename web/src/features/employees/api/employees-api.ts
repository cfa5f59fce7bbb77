import { checkEmployeeEmail } from '@atende/shared/contracts/employees/check-email';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import {
  cancelCompanyInvitation,
  listCompanyInvitations,
} from '@atende/shared/contracts/employees/invitations';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import type { z } from 'zod';
import type { createEmployeeBody } from '@atende/shared/contracts/employees/create-employee';
import type { updateEmployeeBody } from '@atende/shared/contracts/employees/update-employee';
import { callRoute } from '../../../lib/api/call-route.ts';

export type CreateEmployeeInput = z.input<typeof createEmployeeBody>;
export type UpdateEmployeeInput = z.input<typeof updateEmployeeBody>;

export const fetchEmployeesPage = (search: string, cursor: string | undefined) =>
  callRoute(listEmployees, { query: { search: search || undefined, cursor } });

export const fetchEmailCheck = (email: string) => callRoute(checkEmployeeEmail, { query: { email } });

export const postEmployee = (body: CreateEmployeeInput) => callRoute(createEmployee, { body });

export const patchEmployee = (id: string, body: UpdateEmployeeInput) =>
  callRoute(updateEmployee, { params: { id }, body });

export const fetchDepartmentTree = () => callRoute(listDepartments);

export const fetchCompanyInvitations = async () => (await callRoute(listCompanyInvitations)).items;

export const cancelInvitation = (email: string) => callRoute(cancelCompanyInvitation, { params: { email } });
