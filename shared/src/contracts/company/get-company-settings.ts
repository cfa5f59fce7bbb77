import { defineRoute } from '../types.ts';
import { companySettingsSchema } from './settings.ts';

/** Every role reads the settings: the chat screens follow them (queue, operator name, evaluation ...). */
export const getCompanySettings = defineRoute({
  id: 'company.getSettings',
  method: 'GET',
  path: '/company/settings',
  domain: 'company',
  auth: 'employee',
  access: { roles: 'all' },
  response: companySettingsSchema,
});
