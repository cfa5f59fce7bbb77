import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LIMITS } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { uploadPtBR } from '@atende/shared/i18n/pt-BR';
import { fileExtension } from '@atende/shared/rules/upload';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import type { Content } from './store.ts';

const EXPIRES_SECONDS = 300;

/** FAQ attachments live under the company in the media bucket; keys are built here from ids, never sent. */
const key = (companyId: string, uploadId: string, fileName: string) => {
  const extension = fileExtension(fileName);
  return `faq/C/${companyId}/${uploadId}${extension ? `.${extension}` : ''}`;
};

export async function presignAttachment(
  companyId: string,
  file: { file_name: string; mime_type: string; size: number },
) {
  if (file.size > LIMITS.mediaUploadBytes) {
    throw new Invalid(
      'size',
      interpolate(uploadPtBR.sizeExceeded, { n: Math.round(LIMITS.mediaUploadBytes / 1_048_576) }),
    );
  }
  const uploadId = newObjectId();
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().mediaBucket,
    Key: key(companyId, uploadId, file.file_name),
    Conditions: [
      ['content-length-range', 1, LIMITS.mediaUploadBytes],
      ['eq', '$Content-Type', file.mime_type],
    ],
    Fields: { 'Content-Type': file.mime_type },
    Expires: EXPIRES_SECONDS,
  });
  return { url, fields, upload_id: uploadId, max_bytes: LIMITS.mediaUploadBytes };
}

/** The content with a short-lived download link on each attachment. */
export async function withLinks<C extends Content>(companyId: string, content: C): Promise<C> {
  const attachments = await Promise.all(
    content.attachments.map(async (attachment) => ({
      ...attachment,
      url: await getSignedUrl(
        s3Client(),
        new GetObjectCommand({
          Bucket: config().mediaBucket,
          Key: key(companyId, attachment.upload_id, attachment.file_name),
        }),
        { expiresIn: EXPIRES_SECONDS },
      ),
    })),
  );
  return { ...content, attachments };
}
