import type { IntegrationType } from '@atende/shared/contracts/integrations/views';

/**
 * Keys of the channel integrations:
 * - the integration: `C#<cid>#INTEGRATIONS#` / `INTEGRATION#<id>` (one Query lists a company's integrations);
 * - a global pointer `INTEGRATION#<id>` / `POINTER` holding only the company id and type: public routes (the
 *   widget script, provider webhooks) arrive with nothing but the integration id, and this is how the
 *   integration fixes the company. Like the e-mail claim of the accounts keys, it holds no company data.
 */
export const integrationKeys = {
  item: (companyId: string, integrationId: string) => ({
    pk: `C#${companyId}#INTEGRATIONS#`,
    sk: `INTEGRATION#${integrationId}`,
  }),
  list: (companyId: string) => `C#${companyId}#INTEGRATIONS#`,
  itemPrefix: 'INTEGRATION#',
  pointer: (integrationId: string) => ({ pk: `INTEGRATION#${integrationId}`, sk: 'POINTER' }),
};

/**
 * Spec point 3: the company attribute holding each type's entries (`{label, access_token}`). Messenger has no
 * map in the spec's company fields; it keeps `messengers`, where the conversation engine looks for it.
 */
export const COMPANY_MAP: Record<IntegrationType, string> = {
  widget: 'widgets',
  official: 'official_whatsapps',
  messenger: 'messengers',
  instagram: 'instagrams',
  telegram: 'telegrams',
  email: 'emails',
  unofficial: 'whatsapps',
};
