import { defineRoute } from '../types.ts';
import { registerTemplateBody, templateView } from './views.ts';

/**
 * Registers (or updates, by name and language) a template approved on the provider's own console, for
 * providers whose template API is not synced here (360dialog, Gupshup).
 */
export const registerTemplate = defineRoute({
  id: 'templates.register',
  method: 'POST',
  path: '/templates',
  domain: 'templates',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  body: registerTemplateBody,
  response: templateView,
  successStatus: 201,
});
