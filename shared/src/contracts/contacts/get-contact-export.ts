import { defineRoute } from '../types.ts';
import { EXPORT_ACCESS } from './access.ts';
import { exportIdParams, exportView } from './exports.ts';

export const getContactExport = defineRoute({
  id: 'contacts.exports.get',
  method: 'GET',
  path: '/contacts/exports/{id}',
  domain: 'contacts',
  auth: 'employee',
  access: EXPORT_ACCESS,
  params: exportIdParams,
  response: exportView,
});
