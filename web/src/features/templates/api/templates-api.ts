import { listTemplates } from '@atende/shared/contracts/templates/list-templates';
import { syncTemplates } from '@atende/shared/contracts/templates/sync-templates';
import { callRoute } from '../../../lib/api/call-route.ts';

export const templateKeys = {
  list: (integration: string) => ['templates', integration] as const,
};

export const fetchTemplates = async (integration: string) =>
  (await callRoute(listTemplates, { query: { integration } })).items;

export const syncIntegrationTemplates = async (integration: string) =>
  (await callRoute(syncTemplates, { body: { integration } })).items;
