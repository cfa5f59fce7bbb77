import { defineRoute } from '../types.ts';
import { companySettingsSchema, updateCompanySettingsBody } from './settings.ts';

/** Merges the sections given into the stored document, validates the result whole, saves it atomically. */
export const updateCompanySettings = defineRoute({
  id: 'company.updateSettings',
  method: 'PATCH',
  path: '/company/settings',
  domain: 'company',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: updateCompanySettingsBody,
  response: companySettingsSchema,
  maxBodyBytes: 65_536,
});
