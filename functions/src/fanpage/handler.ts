import { getFanpages } from '@atende/shared/contracts/fanpage/get-fanpages';
import { companySettingsSchema } from '@atende/shared/domain/company';
import { channelIntegrationMapSchema } from '@atende/shared/domain/integrations';
import { instagramStatus } from '@atende/shared/rules/instagram-status';
import { readCompanyItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';

export async function fanpages(auth: AuthContext) {
  const company = await readCompanyItem(auth.companyId);
  const settings = companySettingsSchema.partial().safeParse(company.settings ?? {});
  const fanPages = (settings.success ? settings.data.facebook_active_pages : undefined) ?? [];
  const parsed = channelIntegrationMapSchema.safeParse(company.instagrams ?? {});
  const instagrams = parsed.success ? parsed.data : {};
  return {
    fanPages,
    instagram: {
      status: instagramStatus(fanPages, instagrams),
      integrations: Object.entries(instagrams).map(([id, integration]) => ({ id, label: integration.label })),
    },
  };
}

export const handler = createHttpHandler([route(getFanpages, ({ auth }) => fanpages(auth))]);
