import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FAQ_MANAGE_ACCESS } from './access.ts';

export const faqReportView = z.object({
  articles: z.array(
    z.object({
      _id: objectId,
      title: z.string(),
      views: z.number().int().nonnegative(),
      helpful: z.number().int().nonnegative(),
      not_helpful: z.number().int().nonnegative(),
    }),
  ),
  searches_without_result: z.array(z.object({ term: z.string(), count: z.number().int().positive() })),
});
export type FaqReportView = z.infer<typeof faqReportView>;

/** reports: views and helpful votes per published article, and the searches that found nothing. */
export const getFaqReport = defineRoute({
  id: 'faq.reports',
  method: 'GET',
  path: '/faq/reports',
  domain: 'faq',
  auth: 'employee',
  access: FAQ_MANAGE_ACCESS,
  response: faqReportView,
});
