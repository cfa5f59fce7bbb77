import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_URL_EXPIRES_SECONDS, type MessageView } from '@atende/shared/contracts/conversations/views';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import { downloadOverrides } from '../lib/media-download.ts';
import { isCompanyMediaKey } from '../lib/media-keys.ts';

/**
 * The message with a short-lived presigned GET of its file, for a caller already allowed to see it. Only keys
 * under the message's own company prefix are signed, so a stored path can never open another company's file.
 */
export async function withMediaUrl(message: MessageView): Promise<MessageView> {
  const { media } = message;
  if (!media || !isCompanyMediaKey(media.file_path, message.company)) return message;
  const url = await getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: config().mediaBucket,
      Key: media.file_path,
      ...downloadOverrides(media.file_name, media.file_path),
    }),
    { expiresIn: MEDIA_URL_EXPIRES_SECONDS },
  );
  return { ...message, media: { ...media, url } };
}

export const withMediaUrls = (messages: readonly MessageView[]): Promise<MessageView[]> =>
  Promise.all(messages.map(withMediaUrl));
