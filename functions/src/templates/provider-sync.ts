import type { TemplateStatus } from '@atende/shared/domain/constants';
import * as z from 'zod';
import type { FetchImpl } from '../channels/adapter.ts';
import { GRAPH_BASE_URL, GRAPH_VERSION, callProvider, joinUrl } from '../channels/meta/graph.ts';

/** A template as Meta's message_templates edge lists it (the fields asked for). */
const graphTemplate = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  components: z
    .array(z.looseObject({ type: z.string(), format: z.string().optional(), text: z.string().optional() }))
    .optional()
    .default([]),
});
const graphPage = z.object({
  data: z.array(z.unknown()),
  paging: z.object({ next: z.string().optional() }).optional(),
});

export interface ProviderTemplate {
  id: string;
  name: string;
  language: string;
  status: TemplateStatus;
  category: string | undefined;
  body: string;
  /** A TEXT header's text (media headers carry no text). */
  header: string | undefined;
}

/**
 * Meta's statuses onto the spec's (point 4): an appeal under review is REVISION, disabled or deleted ones are
 * DEACTIVATED, anything else Meta may add (LIMIT_EXCEEDED, ARCHIVED ...) is FAILED: unusable either way.
 */
export function specStatus(status: string): TemplateStatus {
  switch (status.toUpperCase()) {
    case 'APPROVED':
      return 'APPROVED';
    case 'PENDING':
      return 'PENDING';
    case 'REJECTED':
      return 'REJECTED';
    case 'PAUSED':
      return 'PAUSED';
    case 'IN_APPEAL':
      return 'REVISION';
    case 'DISABLED':
    case 'PENDING_DELETION':
    case 'DELETED':
      return 'DEACTIVATED';
    default:
      return 'FAILED';
  }
}

const MAX_PAGES = 20;

/**
 * Every template of a WhatsApp Business Account (`GET /{version}/{waba_id}/message_templates`), following
 * Meta's cursor pages. Items Meta lists in an unexpected shape are skipped.
 */
export async function fetchCloudApiTemplates(options: {
  baseUrl: string | undefined;
  wabaId: string;
  accessToken: string;
  fetchImpl: FetchImpl;
}): Promise<ProviderTemplate[]> {
  const templates: ProviderTemplate[] = [];
  let url: string | undefined =
    `${joinUrl(options.baseUrl ?? GRAPH_BASE_URL, GRAPH_VERSION, options.wabaId, 'message_templates')}` +
    '?fields=id,name,language,status,category,components&limit=100';
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const body = graphPage.parse(
      await callProvider(options.fetchImpl, url, {
        method: 'GET',
        headers: { authorization: `Bearer ${options.accessToken}` },
      }),
    );
    for (const item of body.data) {
      const parsed = graphTemplate.safeParse(item);
      if (!parsed.success) continue;
      const { id, name, language, status, category, components } = parsed.data;
      const text = components.find((component) => component.type.toUpperCase() === 'BODY')?.text ?? '';
      const header = components.find(
        (component) => component.type.toUpperCase() === 'HEADER' && (component.format ?? 'TEXT') === 'TEXT',
      )?.text;
      templates.push({ id, name, language, status: specStatus(status), category, body: text, header });
    }
    url = body.paging?.next;
  }
  return templates;
}
