import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationRef, templateListResponse } from './views.ts';

/** Spec point 7 `POST /template/all-basic-by-integration {integration}`: the integration's templates with their statuses. */
export const allBasicByIntegration = defineRoute({
  id: 'templates.allBasicByIntegration',
  method: 'POST',
  path: '/template/all-basic-by-integration',
  domain: 'templates',
  auth: 'employee',
  access: { roles: 'all' },
  body: z.object({ integration: integrationRef }),
  response: templateListResponse,
});
