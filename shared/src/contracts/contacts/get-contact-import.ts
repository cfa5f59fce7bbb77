import { defineRoute } from '../types.ts';
import { IMPORT_ACCESS } from './access.ts';
import { importIdParams, importView } from './imports.ts';

export const getContactImport = defineRoute({
  id: 'contacts.imports.get',
  method: 'GET',
  path: '/contacts/imports/{id}',
  domain: 'contacts',
  auth: 'employee',
  access: IMPORT_ACCESS,
  params: importIdParams,
  response: importView,
});
