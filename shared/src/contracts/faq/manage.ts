import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FAQ_CREATE_ACCESS } from './access.ts';
import { faqArticleBody, faqArticleView, faqIdParams, faqStatus } from './views.ts';

/** Editors' list: admins and managers see every article, creators their own. */
export const listFaqDrafts = defineRoute({
  id: 'faq.manage.list',
  method: 'GET',
  path: '/faq/manage/articles',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  query: z.object({ status: faqStatus.optional() }),
  response: z.object({ items: z.array(faqArticleView) }),
});

export const getFaqDraft = defineRoute({
  id: 'faq.manage.get',
  method: 'GET',
  path: '/faq/manage/articles/{id}',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  params: faqIdParams,
  response: faqArticleView,
});

/** create: a new article starts as a draft. */
export const createFaqArticle = defineRoute({
  id: 'faq.manage.create',
  method: 'POST',
  path: '/faq/manage/articles',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  body: faqArticleBody,
  response: faqArticleView,
  successStatus: 201,
  maxBodyBytes: 262_144,
});

/** Edits the draft; readers keep the published version until it is published again. */
export const updateFaqArticle = defineRoute({
  id: 'faq.manage.update',
  method: 'PUT',
  path: '/faq/manage/articles/{id}',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  params: faqIdParams,
  body: faqArticleBody,
  response: faqArticleView,
  maxBodyBytes: 262_144,
});

/**
 * published: the draft becomes the next version readers see (admins and managers any article, creators their
 * own); archived: hidden from readers (admins and managers); draft: back to editing, hidden from readers.
 */
export const setFaqArticleStatus = defineRoute({
  id: 'faq.manage.status',
  method: 'POST',
  path: '/faq/manage/articles/{id}/status',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  params: faqIdParams,
  body: z.object({ status: faqStatus }),
  response: faqArticleView,
  maxBodyBytes: 256,
});

export const presignFaqAttachment = defineRoute({
  id: 'faq.manage.presign',
  method: 'POST',
  path: '/faq/manage/attachments',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_CREATE_ACCESS,
  body: z.object({
    file_name: z.string().trim().min(1).max(256),
    mime_type: z.string().trim().min(1).max(128),
    size: z.number().int().positive(),
  }),
  response: z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    upload_id: objectId,
    max_bytes: z.number().int().positive(),
  }),
  maxBodyBytes: 4096,
});
