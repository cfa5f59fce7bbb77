import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationRef, templateListResponse } from './views.ts';

/** The template messages page: one integration's templates, or every official integration's without a filter. */
export const listTemplates = defineRoute({
  id: 'templates.list',
  method: 'GET',
  path: '/templates',
  domain: 'templates',
  auth: 'employee',
  access: { roles: 'all' },
  query: z.object({ integration: integrationRef.optional() }),
  response: templateListResponse,
});
