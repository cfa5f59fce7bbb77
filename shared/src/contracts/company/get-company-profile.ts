import { defineRoute } from '../types.ts';
import { companyProfileView } from './profile.ts';

export const getCompanyProfile = defineRoute({
  id: 'company.getProfile',
  method: 'GET',
  path: '/company/profile',
  domain: 'company',
  auth: 'employee',
  access: { roles: ['admin'] },
  response: companyProfileView,
});
