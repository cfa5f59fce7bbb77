import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { foldText } from '../contacts/text.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { Forbidden } from '../lib/errors.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { createTag } from '../tags/service.ts';

/** The colour a tag created from an import gets; the admin can change it in Tags. */
export const IMPORTED_TAG_COLOR = '#8c8c8c';

/**
 * Creates the tags an import's file names that do not exist yet (the user ticked "create them"), once each
 * whatever the case or accents, before the rows are read. Creating tags is an admin's right, as on the tags
 * page. Answers the names created.
 */
export async function createMissingTags(auth: AuthContext, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  if (auth.role !== 'admin') throw new Forbidden(contactsPtBR.createTagsForbidden);
  const known = new Set((await listCatalogue(tagCatalogue, auth.companyId)).map((tag) => foldText(tag.name)));
  const created: string[] = [];
  for (const name of names) {
    const folded = foldText(name);
    if (known.has(folded)) continue;
    known.add(folded);
    await createTag(auth, { name, color: IMPORTED_TAG_COLOR });
    created.push(name);
  }
  return created;
}
