import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { defineRoute } from '../types.ts';
import { IMPORT_ACCESS } from './access.ts';
import { IMPORT_MAX_BODY_BYTES, importMapping } from './imports.ts';

/**
 * The file is either an upload already in the bucket (`upload`, from POST /contacts/imports/uploads) or, for
 * small files, the body itself as base64; CSV or XLSX, told by `format`, else by the file name.
 */
export const createContactImportBody = z
  .object({
    file_name: z.string().trim().min(1).max(200),
    format: z.enum(['csv', 'xlsx']).optional(),
    content_base64: z.string().min(1).max(IMPORT_MAX_BODY_BYTES).optional(),
    upload: objectId.optional(),
    mapping: importMapping,
    /** Every imported contact lands in this wallet and gets these tags. */
    wallet: objectId.optional(),
    tags: z.array(objectId).max(20).optional(),
    /**
     * Tag names the file's tags column uses that do not exist yet, which the user chose to create before the
     * rows are read (admins only, as creating a tag is). Without it, a row naming an unknown tag is refused.
     */
    create_tags: z.array(z.string().trim().min(1).max(40)).max(200).optional(),
  })
  .refine((body) => (body.upload === undefined) !== (body.content_base64 === undefined), {
    path: ['upload'],
    message: formsPtBR.requiredField,
  });

export const createContactImport = defineRoute({
  id: 'contacts.imports.create',
  method: 'POST',
  path: '/contacts/imports',
  domain: 'contacts',
  auth: 'employee',
  access: IMPORT_ACCESS,
  body: createContactImportBody,
  response: z.object({ _id: objectId }),
  successStatus: 202,
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
});
