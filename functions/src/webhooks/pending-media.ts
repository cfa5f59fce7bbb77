import type { InboundMessage } from '@atende/shared/channels/inbound';
import { createHash } from 'node:crypto';
import { ChannelSendError } from '../channels/adapter.ts';
import { bindSender, isAdapterProvider } from '../channels/providers.ts';
import { openCredentials } from '../integrations/crypto.ts';
import { getIntegration } from '../integrations/store.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { safeKeyName } from '../lib/media-keys.ts';
import { putObject } from '../lib/s3-presign.ts';

/**
 * Where a provider's media is kept: under the company's prefix, named by a digest of the integration and
 * provider message id, so a redelivered webhook overwrites the same object instead of adding another.
 */
export const inboundMediaKey = (message: InboundMessage, fileName: string) =>
  `media/C/${message.companyId}/inbound/${message.integrationId}/${createHash('sha256')
    .update(`${message.integrationId}:${message.providerMessageId}`)
    .digest('hex')
    .slice(0, 32)}-${safeKeyName(fileName)}`;

/**
 * Downloads a message's pending provider media through its adapter, copies it into the media bucket and
 * answers the message with `media` filled. A media the provider will never give (refused, gone) is logged
 * and the message is stored with its text or file name; a transient failure throws, so the queue redelivers.
 */
export async function resolvePendingMedia(message: InboundMessage): Promise<InboundMessage> {
  const { pendingMedia, ...rest } = message;
  if (!pendingMedia || message.media) return rest;
  const record = await getIntegration(message.companyId, message.integrationId);
  if (!record || record.type === 'widget' || !isAdapterProvider(record.provider)) {
    logger.warn('pending media of an unknown integration', { integrationId: message.integrationId });
    return { ...rest, text: rest.text ?? pendingMedia.fileName };
  }
  const adapter = bindSender(record.provider, openCredentials(record.credentials, record._id), {
    companyId: message.companyId,
    integrationId: message.integrationId,
  });
  let fetched;
  try {
    fetched = await adapter.fetchMedia({
      kind: pendingMedia.kind,
      ref: pendingMedia.ref,
      mimeType: pendingMedia.mimeType,
      fileName: pendingMedia.fileName,
      size: pendingMedia.size,
    });
  } catch (error) {
    if (error instanceof ChannelSendError && !error.retryable) {
      logger.warn('provider media unavailable; stored without it', {
        integrationId: message.integrationId,
        providerMessageId: message.providerMessageId,
        error: error.message,
      });
      return { ...rest, text: rest.text ?? pendingMedia.fileName };
    }
    throw error;
  }
  const key = inboundMediaKey(message, fetched.fileName);
  await putObject(config().mediaBucket, key, fetched.body, fetched.contentType);
  return {
    ...rest,
    media: {
      kind: pendingMedia.kind,
      file_path: key,
      file_name: fetched.fileName,
      file_type: fetched.contentType,
      size: fetched.body.byteLength,
    },
  };
}
