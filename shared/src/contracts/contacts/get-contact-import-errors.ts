import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { IMPORT_ACCESS } from './access.ts';
import { importIdParams } from './imports.ts';

/** The error report: a CSV (row, field, reason, then the row's own columns) the browser saves as a file. */
export const contactImportErrorsResponse = z.object({
  file_name: z.string(),
  content_type: z.literal('text/csv'),
  csv: z.string(),
});

export const getContactImportErrors = defineRoute({
  id: 'contacts.imports.errors',
  method: 'GET',
  path: '/contacts/imports/{id}/errors',
  domain: 'contacts',
  auth: 'employee',
  access: IMPORT_ACCESS,
  params: importIdParams,
  response: contactImportErrorsResponse,
});
