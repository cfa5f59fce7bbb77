import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import type { TemplateMessage } from '@atende/shared/domain/campaign';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api/call-route.ts';
import { approvedTemplates } from '../state/templates.ts';

/**
 * The conversation's integration's templates for the picker outside the 24 h window
 * (`POST /api/template/all-basic-by-integration`), APPROVED only, with their text for the preview.
 */
export function useChatTemplates(integration: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'templates', integration],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<TemplateMessage[]> =>
      approvedTemplates(
        (await callRoute(allBasicByIntegration, { body: { integration } })).items.map((template) => ({
          _id: template._id,
          name: template.name,
          content: template.body,
          status: template.status,
          integration: template.integration,
        })),
      ),
  });
}
