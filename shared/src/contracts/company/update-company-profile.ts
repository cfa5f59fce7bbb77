import { defineRoute } from '../types.ts';
import { companyProfileView, updateCompanyProfileBody } from './profile.ts';

export const updateCompanyProfile = defineRoute({
  id: 'company.updateProfile',
  method: 'PATCH',
  path: '/company/profile',
  domain: 'company',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: updateCompanyProfileBody,
  response: companyProfileView,
  maxBodyBytes: 8192,
});
