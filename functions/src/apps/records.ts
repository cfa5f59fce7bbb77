import { APP_FIELDS, shopifyAction } from '@atende/shared/contracts/apps/views';
import { APP_NAMES } from '@atende/shared/domain/apps';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { sealedCredentials } from '../integrations/sealed.ts';

/** An installed app: public settings in the clear, secrets sealed under the installation id. */
export const appRecord = z.object({
  _id: objectId,
  company: objectId,
  name: z.enum(APP_NAMES),
  installed_at: z.string(),
  installed_by: objectId,
  settings: z.partialRecord(z.enum(APP_FIELDS), z.string()),
  credentials_set: z.array(z.enum(APP_FIELDS)),
  credentials: sealedCredentials,
  shopify_actions: z.array(shopifyAction).optional(),
  /** OAuth apps: bumped at each token refresh, so two workers refreshing at once keep one pair of tokens. */
  oauth_rev: z.number().int().optional(),
  /** OAuth apps: when the provider refused the refresh token for good; the sync stops until reconnected. */
  reconnect_required_at: z.string().optional(),
});
export type AppRecord = z.infer<typeof appRecord>;

export const appPointer = z.object({ companyId: objectId, name: z.enum(APP_NAMES) });
