import { appWebhookUrl } from './app-urls.ts';
import { openCredentials } from '../integrations/crypto.ts';
import { logger } from '../lib/logger.ts';
import { registerPipedriveWebhook, removePipedriveWebhooks } from './crm/pipedrive.ts';
import { rdRevoke } from './oauth/rdstation-marketing.ts';
import type { AppRecord } from './records.ts';
import { PIPEDRIVE_WEBHOOK_USER } from './webhooks/pipedrive.ts';

/** What an install or uninstall asks of the app's own side (webhook subscriptions, token revocation). */

/**
 * Asks Pipedrive to post person changes here. The app works without it (the sync out does not need it), so a
 * refusal is logged and the installation's webhook address stays on the card for a manual subscription.
 */
export async function subscribePipedrive(
  record: AppRecord,
  credentials: Record<string, string>,
): Promise<void> {
  try {
    await registerPipedriveWebhook(
      { token: credentials.token ?? '', domain: record.settings.domain ?? '' },
      {
        url: appWebhookUrl('pipedrive', record._id),
        user: PIPEDRIVE_WEBHOOK_USER,
        password: credentials.webhook_password ?? '',
      },
    );
  } catch (error) {
    logger.warn('pipedrive webhook not registered', {
      app: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Uninstalled: Pipedrive stops posting here. A refusal is logged (the installation is gone either way). */
export async function unsubscribePipedrive(record: AppRecord): Promise<void> {
  const credentials = openCredentials(record.credentials, record._id);
  try {
    await removePipedriveWebhooks(
      { token: credentials.token ?? '', domain: record.settings.domain ?? '' },
      appWebhookUrl('pipedrive', record._id),
    );
  } catch (error) {
    logger.warn('pipedrive webhook not removed', {
      app: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Disconnected: RD Station revokes the access token. A refusal is logged (the tokens are deleted here anyway). */
export async function revokeRdMarketing(record: AppRecord): Promise<void> {
  try {
    await rdRevoke(openCredentials(record.credentials, record._id).token ?? '');
  } catch (error) {
    logger.warn('rd station marketing token not revoked', {
      app: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
