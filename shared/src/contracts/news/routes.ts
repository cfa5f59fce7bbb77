import * as z from 'zod';
import { defineRoute } from '../types.ts';

export const newsItemView = z.object({
  id: z.string(),
  date: z.string(),
  title: z.string(),
  body: z.string(),
  important: z.boolean(),
  read: z.boolean(),
});
export type NewsItemView = z.infer<typeof newsItemView>;

/** Product news, newest first, with the caller's read state (the news modal reads it on every role). */
export const listNews = defineRoute({
  id: 'news.list',
  method: 'GET',
  path: '/news',
  domain: 'news',
  auth: 'employee',
  response: z.object({ items: z.array(newsItemView) }),
});

export const markNewsRead = defineRoute({
  id: 'news.read',
  method: 'POST',
  path: '/news/read',
  domain: 'news',
  auth: 'employee',
  body: z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(50) }),
  response: z.object({ items: z.array(newsItemView) }),
  maxBodyBytes: 8192,
});
