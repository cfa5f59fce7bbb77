import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import type { ProviderIntegrationRecord } from '../integrations/records.ts';
import { setConnection } from '../integrations/connection.ts';
import { logger } from '../lib/logger.ts';
import { ChannelSendError } from './adapter.ts';

/**
 * What the message keeps of a provider refusal: the adapter's code, and a pt-BR reason; a retryable failure
 * says to resend later (the message stays failed and resendable either way). A refused token marks the
 * integration disconnected, which the channel health and the channels page show.
 */
export async function providerFailure(error: unknown, record: ProviderIntegrationRecord): Promise<Error> {
  if (!(error instanceof ChannelSendError)) return error instanceof Error ? error : new Error(String(error));
  if (error.code === 'auth_failed') await setConnection(record.company, record._id, false);
  logger.warn('provider refused the send', {
    integrationId: record._id,
    provider: record.provider,
    code: error.code,
    providerCode: error.providerCode,
    error: error.message,
  });
  const reason = error.retryable
    ? `${channelsPtBR.sendRetryHint}${error.retryAfterSeconds ? ` (${error.retryAfterSeconds} s)` : ''}`
    : `${channelsPtBR.sendFailed} ${error.message}`;
  return new ChannelSendError({
    code: error.code,
    message: reason,
    retryable: error.retryable,
    retryAfterSeconds: error.retryAfterSeconds,
    providerCode: error.providerCode,
  });
}
