import type { faqArticleBody, FaqArticleView, FaqStatus } from '@atende/shared/contracts/faq/views';
import type { FaqRole } from '@atende/shared/domain/employee';
import { newObjectId } from '@atende/shared/domain/object-id';
import { adminPtBR, faqPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR';
import { faqRole } from '@atende/shared/rules/faq';
import type { z } from 'zod';
import { getEmployee } from '../account/store.ts';
import { loadAccessContext } from '../company/access-context.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { withLinks } from './files.ts';
import { syncArticleKnowledge } from './knowledge.ts';
import { searchWords } from './reading.ts';
import { plainText, sanitizeArticleHtml } from '../lib/rich-text.ts';
import * as store from './store.ts';

type ArticleInput = z.infer<typeof faqArticleBody>;

/** The contract let the caller in with an FAQ role; which one decides creator-only limits. */
async function callerRole(auth: AuthContext): Promise<FaqRole> {
  const role = faqRole(await loadAccessContext(auth));
  if (!role) throw new Forbidden(adminPtBR.accessDenied);
  return role;
}

const canEditAny = (role: FaqRole) => role === 'admin' || role === 'manager';

async function editable(auth: AuthContext, id: string) {
  const [role, article] = await Promise.all([callerRole(auth), store.readArticle(auth.companyId, id)]);
  if (!article) throw new NotFound(faqPtBR.articleNotFound);
  // A creator works on their own articles; another's is answered as missing, as if it were not there.
  if (!canEditAny(role) && article.author._id !== auth.employeeId)
    throw new NotFound(faqPtBR.articleNotFound);
  return { role, article };
}

async function content(auth: AuthContext, input: ArticleInput): Promise<store.Content> {
  const body = sanitizeArticleHtml(input.body);
  if (plainText(body).length === 0 && !body.includes('<img'))
    throw new Invalid('body', formsPtBR.requiredField);
  if (input.category) {
    const categories = await store.listCategories(auth.companyId);
    if (!categories.some((category) => category._id === input.category)) {
      throw new Invalid('category', faqPtBR.categoryNotFound);
    }
  }
  return { title: input.title, body, category: input.category, attachments: input.attachments };
}

async function view(companyId: string, article: store.ArticleRecord): Promise<FaqArticleView> {
  const { search_text: _search, ...rest } = article;
  return {
    ...rest,
    draft: await withLinks(companyId, article.draft),
    ...(article.published ? { published: await withLinks(companyId, article.published) } : {}),
  };
}

export async function listDrafts(auth: AuthContext, status: FaqStatus | undefined) {
  const role = await callerRole(auth);
  const articles = (await store.listArticles(auth.companyId))
    .filter((article) => canEditAny(role) || article.author._id === auth.employeeId)
    .filter((article) => !status || article.status === status)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return { items: await Promise.all(articles.map((article) => view(auth.companyId, article))) };
}

export async function getDraft(auth: AuthContext, id: string) {
  return view(auth.companyId, (await editable(auth, id)).article);
}

export async function createArticle(auth: AuthContext, input: ArticleInput) {
  const draft = await content(auth, input);
  const author = await getEmployee(auth.companyId, auth.employeeId);
  const article: store.ArticleRecord = {
    _id: newObjectId(),
    status: 'draft',
    draft,
    has_unpublished_changes: true,
    author: { _id: auth.employeeId, name: author?.name ?? '' },
    updated_at: new Date().toISOString(),
    views: 0,
    helpful: 0,
    not_helpful: 0,
    search_text: '',
  };
  await store.putArticle(auth.companyId, article);
  return view(auth.companyId, article);
}

export async function updateArticle(auth: AuthContext, id: string, input: ArticleInput) {
  const { article } = await editable(auth, id);
  const next = {
    ...article,
    draft: await content(auth, input),
    has_unpublished_changes: true,
    updated_at: new Date().toISOString(),
  };
  await store.putArticle(auth.companyId, next);
  return view(auth.companyId, next);
}

/** Publishing makes the draft the next version readers see; archiving and drafting hide the article. */
export async function setStatus(auth: AuthContext, id: string, status: FaqStatus) {
  const { role, article } = await editable(auth, id);
  if (status === 'archived' && !canEditAny(role)) throw new Forbidden(faqPtBR.onlyManagersArchive);
  const now = new Date().toISOString();
  const next: store.ArticleRecord =
    status === 'published'
      ? {
          ...article,
          status,
          published: {
            ...article.draft,
            version: (article.published?.version ?? 0) + 1,
            published_at: now,
          },
          has_unpublished_changes: false,
          search_text: searchWords(`${article.draft.title} ${plainText(article.draft.body)}`).join(' '),
          updated_at: now,
        }
      : { ...article, status, updated_at: now };
  await store.putArticle(auth.companyId, next);
  await syncArticleKnowledge(auth, next);
  return view(auth.companyId, next);
}
