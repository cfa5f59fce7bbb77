import { logger } from '../lib/logger.ts';
import { applyAccountSignals } from './account-signals.ts';

/**
 * The WhatsApp Business Account changes of a verified Cloud API webhook that are about the number rather than
 * a conversation (quality, tier, account restrictions). Never fails the webhook: Meta would retry the whole
 * POST, messages included.
 */
export async function handleBusinessAccountChanges(
  integration: { company: string; _id: string },
  rawBody: string,
): Promise<void> {
  if (!rawBody.includes('"phone_number_quality_update"') && !rawBody.includes('"account_update"')) return;
  try {
    await applyAccountSignals(integration.company, integration._id, JSON.parse(rawBody));
  } catch (error) {
    logger.error('whatsapp account signal not applied', {
      integrationId: integration._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
