import type { FaqPublishedView } from '@atende/shared/contracts/faq/views';
import { faqPtBR } from '@atende/shared/i18n/pt-BR';
import { foldValue } from '@atende/shared/rules/smart-tags';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Invalid, NotFound } from '../lib/errors.ts';
import { withLinks } from './files.ts';
import * as store from './store.ts';

/** Search words: folded (no accents, lowercase) and split, so "cobrança" finds "Cobranca" and back. */
export const searchWords = (text: string): string[] =>
  foldValue(text)
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

const published = (article: store.ArticleRecord): FaqPublishedView | undefined =>
  article.status === 'published' && article.published
    ? {
        _id: article._id,
        title: article.published.title,
        body: article.published.body,
        category: article.published.category,
        attachments: article.published.attachments,
        version: article.published.version,
        published_at: article.published.published_at,
        views: article.views,
        helpful: article.helpful,
        not_helpful: article.not_helpful,
      }
    : undefined;

/** Readers' list: published articles whose title or text hold every searched word, newest first, paged. */
export async function searchArticles(
  auth: AuthContext,
  query: {
    search?: string | undefined;
    category?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  if (!Number.isInteger(offset) || offset < 0) throw new Invalid('cursor', 'Cursor inválido.');
  const words = searchWords(query.search ?? '');
  const matches = (await store.listArticles(auth.companyId))
    .filter((article) => article.status === 'published')
    .filter((article) => !query.category || article.published?.category === query.category)
    .filter((article) => words.every((word) => article.search_text.includes(word)))
    .sort((a, b) => (b.published?.published_at ?? '').localeCompare(a.published?.published_at ?? ''));
  if (words.length > 0 && matches.length === 0 && offset === 0) {
    await store.countMiss(auth.companyId, words.join(' '));
  }
  const page = matches.slice(offset, offset + query.limit);
  return {
    items: page.map((article) => published(article)).filter((view) => view !== undefined),
    ...(offset + query.limit < matches.length ? { nextCursor: String(offset + query.limit) } : {}),
  };
}

async function requirePublished(auth: AuthContext, id: string) {
  const article = await store.readArticle(auth.companyId, id);
  const view = article && published(article);
  if (!view) throw new NotFound(faqPtBR.articleNotFound);
  return view;
}

export async function readArticle(auth: AuthContext, id: string) {
  const view = await requirePublished(auth, id);
  await store.countView(auth.companyId, id);
  return withLinks(auth.companyId, { ...view, views: view.views + 1 });
}

export async function voteArticle(auth: AuthContext, id: string, helpful: boolean) {
  await requirePublished(auth, id);
  if (!(await store.vote(auth.companyId, id, auth.employeeId, helpful))) {
    throw new Conflict(faqPtBR.alreadyVoted, 'helpful');
  }
  return withLinks(auth.companyId, await requirePublished(auth, id));
}

export async function report(auth: AuthContext) {
  const [articles, misses] = await Promise.all([
    store.listArticles(auth.companyId),
    store.listMisses(auth.companyId),
  ]);
  return {
    articles: articles
      .filter((article) => article.published)
      .map((article) => ({
        _id: article._id,
        title: article.published?.title ?? article.draft.title,
        views: article.views,
        helpful: article.helpful,
        not_helpful: article.not_helpful,
      }))
      .sort((a, b) => b.views - a.views),
    searches_without_result: misses.sort((a, b) => b.count - a.count),
  };
}
