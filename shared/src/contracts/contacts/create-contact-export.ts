import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { EXPORT_ACCESS } from './access.ts';

/** Exports the contacts the caller may see, optionally only one wallet's or those with every listed tag. */
export const createContactExportBody = z.object({
  wallet: objectId.optional(),
  tags: z.array(objectId).max(20).optional(),
});

export const createContactExport = defineRoute({
  id: 'contacts.exports.create',
  method: 'POST',
  path: '/contacts/exports',
  domain: 'contacts',
  auth: 'employee',
  access: EXPORT_ACCESS,
  body: createContactExportBody,
  response: z.object({ _id: objectId }),
  successStatus: 202,
  maxBodyBytes: 4096,
});
