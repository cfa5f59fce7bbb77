import type { dealBody } from '@atende/shared/contracts/pipelines/deal-views';
import {
  createDeal,
  listActivities,
  listDeals,
  listPipelines,
} from '@atende/shared/contracts/pipelines/routes';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

/** The side panel's view of the funnel: the contact's deals, their next activity, and "criar negócio". */
export const customerDealsKeys = {
  pipelines: ['funnel', 'pipelines'] as const,
  deals: (customer: string) => ['funnel', 'deals', 'customer', customer] as const,
  next: (customer: string) => ['funnel', 'activities', 'next', customer] as const,
};

export const customerDealsApi = {
  pipelines: async () => (await callRoute(listPipelines)).pipelines,
  deals: async (customer: string) => (await callRoute(listDeals, { query: { customer, limit: '20' } })).deals,
  nextActivity: async (customer: string) =>
    (
      await callRoute(listActivities, {
        query: { customer, status: 'open', from: new Date().toISOString(), limit: '1' },
      })
    ).activities[0] ?? null,
  create: (body: z.input<typeof dealBody>) => callRoute(createDeal, { body }),
};
