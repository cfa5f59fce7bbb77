import { submitTemplate, type submitTemplateBody } from '@atende/shared/contracts/templates/submit-template';
import type { z } from 'zod';
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

export type SubmitTemplateInput = z.input<typeof submitTemplateBody>;

/** Creates a template on Meta for review; answers the stored template (PENDING). */
export const submitNewTemplate = (body: SubmitTemplateInput) => callRoute(submitTemplate, { body });
