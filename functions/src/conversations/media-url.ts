import { MEDIA_URL_EXPIRES_SECONDS, type MessageView } from '@atende/shared/contracts/conversations/views';
import { config } from '../lib/config.ts';
import { downloadOverrides } from '../lib/media-download.ts';
import { isCompanyMediaKey } from '../lib/media-keys.ts';
import { presignGet } from '../lib/s3-presign.ts';

/**
 * The message with a short-lived presigned GET of its file, for a caller already allowed to see it. Only keys
 * under the message's own company prefix are signed, so a stored path can never open another company's file.
 */
export async function withMediaUrl(message: MessageView): Promise<MessageView> {
  const { media } = message;
  if (!media || !isCompanyMediaKey(media.file_path, message.company)) return message;
  const url = await presignGet(
    config().mediaBucket,
    media.file_path,
    MEDIA_URL_EXPIRES_SECONDS,
    downloadOverrides(media.file_name, media.file_path),
  );
  return { ...message, media: { ...media, url } };
}

export const withMediaUrls = (messages: readonly MessageView[]): Promise<MessageView[]> =>
  Promise.all(messages.map(withMediaUrl));
