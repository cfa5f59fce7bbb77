import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FAQ_MANAGE_ACCESS, FAQ_READ_ACCESS } from './access.ts';
import { faqCategoryBody, faqCategoryView, faqIdParams } from './views.ts';

export const listFaqCategories = defineRoute({
  id: 'faq.categories.list',
  method: 'GET',
  path: '/faq/categories',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_READ_ACCESS,
  response: z.object({ categories: z.array(faqCategoryView) }),
});

export const createFaqCategory = defineRoute({
  id: 'faq.categories.create',
  method: 'POST',
  path: '/faq/categories',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_MANAGE_ACCESS,
  body: faqCategoryBody,
  response: faqCategoryView,
  successStatus: 201,
  maxBodyBytes: 4096,
});

export const deleteFaqCategory = defineRoute({
  id: 'faq.categories.delete',
  method: 'DELETE',
  path: '/faq/categories/{id}',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_MANAGE_ACCESS,
  params: faqIdParams,
  response: z.object({ deleted: objectId }),
});
