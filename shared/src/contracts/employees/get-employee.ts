import { defineRoute } from '../types.ts';
import { adminEmployeeView, employeeIdParams } from './views.ts';

export const getEmployee = defineRoute({
  id: 'employees.get',
  method: 'GET',
  path: '/employees/{id}',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: employeeIdParams,
  response: adminEmployeeView,
});
