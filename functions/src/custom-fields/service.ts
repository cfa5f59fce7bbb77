import type {
  customFieldBody,
  customFieldPatch,
  CustomFieldView,
} from '@atende/shared/contracts/custom-fields/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { z } from 'zod';
import { listCatalogue, requireCatalogueItem, writeCatalogueItem } from '../lib/dynamo/catalogue.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { customFieldCatalogue } from './catalogue.ts';

export async function listCustomFields(auth: AuthContext) {
  const fields = await listCatalogue(customFieldCatalogue, auth.companyId);
  return { custom_fields: fields.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')) };
}

export async function createCustomField(auth: AuthContext, body: z.infer<typeof customFieldBody>) {
  const field: CustomFieldView = {
    _id: newObjectId(),
    ...body,
    options: body.type === 'select' ? body.options : [],
  };
  await writeCatalogueItem(customFieldCatalogue, auth.companyId, undefined, field);
  return field;
}

export async function updateCustomField(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof customFieldPatch>,
) {
  const before = await requireCatalogueItem(customFieldCatalogue, auth.companyId, id);
  const after = {
    ...before,
    ...body,
    options: before.type === 'select' ? (body.options ?? before.options) : [],
  };
  await writeCatalogueItem(customFieldCatalogue, auth.companyId, before, after);
  return after;
}

export async function deleteCustomField(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(customFieldCatalogue, auth.companyId, id);
  await writeCatalogueItem(customFieldCatalogue, auth.companyId, before, undefined);
  return { deleted: id };
}
