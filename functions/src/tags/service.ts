import type { tagBody, tagPatch, TagView } from '@atende/shared/contracts/tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { z } from 'zod';
import { listCatalogue, requireCatalogueItem, writeCatalogueItem } from '../lib/dynamo/catalogue.ts';
import { contactsWith } from '../contacts/members.ts';
import { readContact, writeContact } from '../contacts/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { tagCatalogue } from './catalogue.ts';

export async function listTags(auth: AuthContext) {
  const tags = await listCatalogue(tagCatalogue, auth.companyId);
  return { tags: tags.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
}

export async function createTag(auth: AuthContext, body: z.infer<typeof tagBody>): Promise<TagView> {
  const tag = { _id: newObjectId(), name: body.name, color: body.color.toLowerCase() };
  await writeCatalogueItem(tagCatalogue, auth.companyId, undefined, tag);
  return tag;
}

export async function updateTag(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof tagPatch>,
): Promise<TagView> {
  const before = await requireCatalogueItem(tagCatalogue, auth.companyId, id);
  const after = { ...before, ...body, ...(body.color ? { color: body.color.toLowerCase() } : {}) };
  await writeCatalogueItem(tagCatalogue, auth.companyId, before, after);
  return after;
}

/** A removed tag leaves every contact that had it (each change lands in the contact's timeline). */
export async function deleteTag(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(tagCatalogue, auth.companyId, id);
  await writeCatalogueItem(tagCatalogue, auth.companyId, before, undefined);
  for (const customerId of await contactsWith(auth.companyId, 'tag', id)) {
    const contact = await readContact(auth.companyId, customerId);
    if (!contact?.tags.includes(id)) continue;
    const now = new Date().toISOString();
    await writeContact(
      contact,
      { ...contact, tags: contact.tags.filter((tag) => tag !== id), updated_at: now },
      {
        actor: auth.employeeId,
      },
    );
  }
  return { deleted: id };
}
