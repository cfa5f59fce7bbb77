import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FAQ_READ_ACCESS } from './access.ts';
import { faqIdParams, faqPublishedView } from './views.ts';

export const searchFaqQuery = z.object({
  search: z.string().trim().max(200).optional(),
  category: objectId.optional(),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** index: published articles, searched without accents; a search with no result is counted for reports. */
export const searchFaqArticles = defineRoute({
  id: 'faq.articles.search',
  method: 'GET',
  path: '/faq/articles',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_READ_ACCESS,
  query: searchFaqQuery,
  response: z.object({ items: z.array(faqPublishedView), nextCursor: z.string().optional() }),
});

/** One published article; each opening counts a view. */
export const readFaqArticle = defineRoute({
  id: 'faq.articles.read',
  method: 'GET',
  path: '/faq/articles/{id}',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_READ_ACCESS,
  params: faqIdParams,
  response: faqPublishedView,
});

/** "Was it helpful?": one vote per employee and article. */
export const voteFaqArticle = defineRoute({
  id: 'faq.articles.vote',
  method: 'POST',
  path: '/faq/articles/{id}/vote',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_READ_ACCESS,
  params: faqIdParams,
  body: z.object({ helpful: z.boolean() }),
  response: faqPublishedView,
  maxBodyBytes: 256,
});
