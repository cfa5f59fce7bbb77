import type { SenderView } from '@atende/shared/contracts/campaigns/sender-routes';
import type { senderBody } from '@atende/shared/contracts/campaigns/sender-routes';
import type * as z from 'zod';
import { getIntegration } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import { readSender, toSenderView, updateSender } from './senders.ts';
import { reachedIn24h } from './tier.ts';

/** Only this company's official numbers have Cloud API limits; anything else is not found. */
async function requireOfficial(auth: AuthContext, integrationId: string) {
  const integration = await getIntegration(auth.companyId, integrationId);
  if (!integration || integration.type !== 'official') throw new NotFound();
}

export async function getSender(auth: AuthContext, integrationId: string): Promise<SenderView> {
  await requireOfficial(auth, integrationId);
  const [sender, reached] = await Promise.all([
    readSender(auth.companyId, integrationId),
    reachedIn24h(auth.companyId, integrationId),
  ]);
  return toSenderView(integrationId, sender, reached);
}

export async function putSender(
  auth: AuthContext,
  integrationId: string,
  body: z.infer<typeof senderBody>,
): Promise<SenderView> {
  await requireOfficial(auth, integrationId);
  const sender = await updateSender(auth.companyId, integrationId, body);
  return toSenderView(integrationId, sender, await reachedIn24h(auth.companyId, integrationId));
}
