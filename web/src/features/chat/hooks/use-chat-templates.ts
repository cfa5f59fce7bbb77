import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api/call-route.ts';
import { approvedTemplates } from '../state/templates.ts';

/**
 * The conversation's integration's templates for the picker outside the 24 h window
 * (`POST /api/template/all-basic-by-integration`), APPROVED only, with header and body for the preview.
 */
export function useChatTemplates(integration: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'templates', integration],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<TemplateView[]> =>
      approvedTemplates((await callRoute(allBasicByIntegration, { body: { integration } })).items),
  });
}
