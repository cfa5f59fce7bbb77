import { faqModuleSettingSchema } from '../../domain/organization.ts';
import { defineRoute } from '../types.ts';
import { FAQ_CONFIG_ACCESS, FAQ_READ_ACCESS } from './access.ts';
import { faqSetupView } from './views.ts';

/** The caller's FAQ role and the module setting (index, init and every page decide their buttons from it). */
export const getFaqSetup = defineRoute({
  id: 'faq.setup',
  method: 'GET',
  path: '/faq/setup',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_READ_ACCESS,
  response: faqSetupView,
});

/** config and init: saves settings.faqModule (mode normal or team, admins, managers, creators). */
export const updateFaqConfig = defineRoute({
  id: 'faq.config',
  method: 'PUT',
  path: '/faq/config',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CONFIG_ACCESS,
  body: faqModuleSettingSchema,
  response: faqSetupView,
  maxBodyBytes: 65_536,
});
