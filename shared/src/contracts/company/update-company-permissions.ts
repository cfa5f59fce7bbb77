import { defineRoute } from '../types.ts';
import { companyPermissionsView, updateCompanyPermissionsBody } from './permissions.ts';

export const updateCompanyPermissions = defineRoute({
  id: 'company.updatePermissions',
  method: 'PATCH',
  path: '/company/permissions',
  domain: 'company',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: updateCompanyPermissionsBody,
  response: companyPermissionsView,
  maxBodyBytes: 8192,
});
