import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import type { TemplateView } from '@atende/shared/contracts/templates/views';
import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { useQuery } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { callRoute } from '../../../lib/api/call-route.ts';
import { approvedTemplates } from '../state/templates.ts';

const TEMPLATE_EVENTS: readonly ServerEvent[] = ['template-status'];
const chatTemplatesKey = (integration: string) => ['chat', 'templates', integration];
const chatTemplateKeys = (frame: ServerFrame) =>
  frame.event === 'template-status'
    ? [chatTemplatesKey((frame as ServerFrame<'template-status'>).data.integration)]
    : [];

/**
 * The conversation's integration's templates for the picker outside the 24 h window
 * (`POST /api/template/all-basic-by-integration`), APPROVED only, with header and body for the preview.
 */
export function useChatTemplates(integration: string, enabled: boolean) {
  // A template Meta approves (or pauses) while the picker is open shows up (or goes) at once.
  useLiveInvalidation(TEMPLATE_EVENTS, chatTemplateKeys);
  return useQuery({
    queryKey: chatTemplatesKey(integration),
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<TemplateView[]> =>
      approvedTemplates((await callRoute(allBasicByIntegration, { body: { integration } })).items),
  });
}
