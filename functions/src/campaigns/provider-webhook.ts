import { logger } from '../lib/logger.ts';
import { applyTemplateStatuses } from '../templates/status-webhook.ts';
import { applyAccountSignals } from './account-signals.ts';

const FIELDS = ['phone_number_quality_update', 'account_update', 'message_template_status_update'];

/**
 * The WhatsApp Business Account changes of a verified Cloud API webhook that are about the number or its
 * templates rather than a conversation (quality, tier, account restrictions, template statuses). Never fails the webhook: Meta would retry the whole
 * POST, messages included.
 */
export async function handleBusinessAccountChanges(
  integration: { company: string; _id: string },
  rawBody: string,
): Promise<void> {
  if (!FIELDS.some((field) => rawBody.includes(`"${field}"`))) return;
  try {
    const payload: unknown = JSON.parse(rawBody);
    await applyAccountSignals(integration.company, integration._id, payload);
    await applyTemplateStatuses(integration.company, integration._id, payload);
  } catch (error) {
    logger.error('whatsapp account signal not applied', {
      integrationId: integration._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
