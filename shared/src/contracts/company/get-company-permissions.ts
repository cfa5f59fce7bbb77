import { defineRoute } from '../types.ts';
import { companyPermissionsView } from './permissions.ts';

export const getCompanyPermissions = defineRoute({
  id: 'company.getPermissions',
  method: 'GET',
  path: '/company/permissions',
  domain: 'company',
  auth: 'employee',
  access: { roles: ['admin'] },
  response: companyPermissionsView,
});
