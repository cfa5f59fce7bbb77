import * as z from 'zod';
import { defineRoute } from '../types.ts';

export const INSTAGRAM_STATUSES = ['connected', 'page-missing', 'none'] as const;

/**
 * Spec point 7, GET /fanpage/: the company's active Facebook pages and the Instagram status they decide: an
 * Instagram integration works only through an active page (connected), is stuck without one (page-missing),
 * or there is none.
 */
export const getFanpages = defineRoute({
  id: 'fanpage.get',
  method: 'GET',
  path: '/fanpage',
  domain: 'fanpage',
  auth: 'employee',
  response: z.object({
    fanPages: z.array(z.string()),
    instagram: z.object({
      status: z.enum(INSTAGRAM_STATUSES),
      integrations: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  }),
});
