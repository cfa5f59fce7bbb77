import type { IntegrationView, ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';

type OfficialView = ProviderIntegrationView & { type: 'official' };

/** The provider's access credential: Cloud API providers call it access_token, 360dialog and Gupshup api_key. */
const hasAccessToken = (view: ProviderIntegrationView) =>
  Boolean(view.credentials.access_token || view.credentials.api_key);

/** Official WhatsApp integrations the template page offers: only those holding an access token (spec point 5). */
export function templateIntegrations(views: readonly IntegrationView[]): OfficialView[] {
  return views.filter((view): view is OfficialView => view.type === 'official' && hasAccessToken(view));
}

/** Templates are read from the provider only for Cloud API providers that know their WhatsApp Business account. */
export const canSyncTemplates = (view: OfficialView): boolean =>
  (view.provider === 'meta' || view.provider === 'motor') && Boolean(view.credentials.waba_id);
