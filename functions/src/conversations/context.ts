import { inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { type CompanyItem, readCompanyItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import type { ConversationRecord } from './records.ts';
import { getConversation } from './store.ts';
import { limitingWallets } from './wallet-reach.ts';
import { canSee, type Viewer, viewerOf } from './visibility.ts';

export interface CallerContext {
  company: CompanyItem;
  viewer: Viewer;
}

/** The caller's company (read once per request), its wallets when they limit the caller, and what they see. */
export async function callerContext(auth: AuthContext): Promise<CallerContext> {
  const company = await readCompanyItem(auth.companyId);
  const wallets = auth.role === 'admin' ? [] : await limitingWallets(auth.companyId, company);
  return { company, viewer: viewerOf(company, auth.employeeId, auth.role, wallets) };
}

/** A conversation the caller may see; one they may not see answers 404, like one that does not exist. */
export async function visibleConversation(
  auth: AuthContext,
  id: string,
): Promise<CallerContext & { conversation: ConversationRecord }> {
  const [context, conversation] = await Promise.all([
    callerContext(auth),
    getConversation(auth.companyId, id),
  ]);
  if (!conversation || !canSee(context.viewer, conversation))
    throw new NotFound(inboxPtBR.conversationNotFound);
  return { ...context, conversation };
}
