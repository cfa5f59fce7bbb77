import {
  type QuickMessageView,
  quickMessageView,
  type quickMessageBody,
  type quickMessagePatch,
} from '@atende/shared/contracts/quick-messages/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import {
  type Catalogue,
  listCatalogue,
  requireCatalogueItem,
  writeCatalogueItem,
} from '../lib/dynamo/catalogue.ts';
import type { AuthContext } from '../lib/auth-context.ts';

/** Shortcuts are unique per company ignoring case: "/Oi" and "/oi" would be the same to type. */
export const quickMessageCatalogue: Catalogue<QuickMessageView> = {
  kind: 'QUICK_MESSAGES',
  schema: quickMessageView,
  unique: (message) => message.shortcut.toLowerCase(),
  notFound: contactsPtBR.quickMessageNotFound,
  taken: contactsPtBR.shortcutTaken,
  takenField: 'shortcut',
};

export async function listQuickMessages(auth: AuthContext) {
  const messages = await listCatalogue(quickMessageCatalogue, auth.companyId);
  return { quick_messages: messages.sort((a, b) => a.shortcut.localeCompare(b.shortcut)) };
}

export async function createQuickMessage(auth: AuthContext, body: z.infer<typeof quickMessageBody>) {
  const message = { _id: newObjectId(), ...body, created_at: new Date().toISOString() };
  await writeCatalogueItem(quickMessageCatalogue, auth.companyId, undefined, message);
  return message;
}

export async function updateQuickMessage(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof quickMessagePatch>,
) {
  const before = await requireCatalogueItem(quickMessageCatalogue, auth.companyId, id);
  const after = { ...before, ...body };
  await writeCatalogueItem(quickMessageCatalogue, auth.companyId, before, after);
  return after;
}

export async function deleteQuickMessage(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(quickMessageCatalogue, auth.companyId, id);
  await writeCatalogueItem(quickMessageCatalogue, auth.companyId, before, undefined);
  return { deleted: id };
}
