import { newObjectId } from '@atende/shared/domain/object-id';
import { faqPtBR } from '@atende/shared/i18n/pt-BR';
import { foldValue } from '@atende/shared/rules/smart-tags';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import * as store from './store.ts';

export async function listCategories(auth: AuthContext) {
  const categories = await store.listCategories(auth.companyId);
  return { categories: categories.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
}

/** Names are unique per company ignoring case and accents ("Cobrança" and "cobranca" are one category). */
export async function createCategory(auth: AuthContext, name: string) {
  const category = { _id: newObjectId(), name };
  if (!(await store.putCategory(auth.companyId, category, foldValue(name)))) {
    throw new Conflict(faqPtBR.categoryTaken, 'name');
  }
  return category;
}

/** A category still holding articles stays: its articles would lose their place. */
export async function deleteCategory(auth: AuthContext, id: string) {
  const articles = await store.listArticles(auth.companyId);
  if (articles.some((article) => article.draft.category === id || article.published?.category === id)) {
    throw new Conflict(faqPtBR.categoryInUse, 'id');
  }
  if (!(await store.deleteCategory(auth.companyId, id))) throw new NotFound(faqPtBR.categoryNotFound);
  return { deleted: id };
}
