import { adminPtBR, channelsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../lib/auth-context.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { deleteSessionIntegration } from '../channels/whatsapp-session/service.ts';
import { getSessionIntegration } from '../channels/whatsapp-session/store.ts';
import { getIntegration } from './store.ts';
import { deleteIntegration } from './service.ts';

/**
 * Spec point 7 `POST companies/{companyId}/whatsapp-integration/remove {integration}`: the company is the
 * caller's (another one in the path is a 403); only a WhatsApp integration is removed this way. Failures the
 * caller cannot act on answer the spec's 'Error ao realizar processo.'.
 */
export async function removeWhatsappIntegration(
  auth: AuthContext,
  companyId: string,
  integrationId: string,
): Promise<{ message: string }> {
  if (companyId !== auth.companyId) throw new Forbidden(adminPtBR.accessDenied);
  const record = await getIntegration(auth.companyId, integrationId);
  // The unofficial (QR) session is a WhatsApp integration too; its removal logs the device out first.
  const session = record ? undefined : await getSessionIntegration(auth.companyId, integrationId);
  if (!record && !session) throw new NotFound(channelsPtBR.integrationNotFound);
  if (record && record.type !== 'official') throw new Invalid('integration', channelsPtBR.notWhatsapp);
  try {
    if (session) await deleteSessionIntegration(auth, session);
    else await deleteIntegration(auth, integrationId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('whatsapp integration removal failed', {
      companyId,
      integrationId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ProcessFailed();
  }
  return { message: channelsPtBR.whatsappRemoved };
}

class ProcessFailed extends AppError {
  constructor() {
    super(500, 'process_failed', channelsPtBR.processFailed);
  }
}
