import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { presignMediaBody } from '@atende/shared/contracts/messages/presign-media';
import { newObjectId } from '@atende/shared/domain/object-id';
import { inboxPtBR } from '@atende/shared/i18n/pt-BR';
import { checkUpload, maxUploadBytes } from '@atende/shared/rules/upload';
import type { z } from 'zod';
import { visibleConversation } from '../conversations/context.ts';
import { findIntegration } from '../conversations/integrations.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import { Forbidden, Invalid } from '../lib/errors.ts';
import { mediaPrefix, safeExtension } from '../lib/media-keys.ts';
import { messagingChannel } from './outgoing.ts';

export const PRESIGN_EXPIRES_SECONDS = 300;

/**
 * A presigned POST for one file: checked first against the spec's type lists and size limit for the
 * conversation's channel and provider, then pinned by the policy (exact key, content type, size range), so
 * the browser uploads straight to the bucket and S3 itself refuses anything else.
 */
export async function presignMedia(auth: AuthContext, body: z.infer<typeof presignMediaBody>) {
  const { conversation, company } = await visibleConversation(auth, body.conversation);
  if (conversation.status !== 'in_service' || conversation.employee?._id !== auth.employeeId) {
    throw new Forbidden(inboxPtBR.notAssignedToYou);
  }
  const integration = findIntegration(company, conversation.channel, conversation.integration);
  const target = { channel: messagingChannel(conversation.channel), integrationType: integration?.type };
  const check = checkUpload({ fileName: body.file_name, mimeType: body.mime_type, size: body.size }, target);
  if (!check.ok) throw new Invalid('file', check.message);
  const extension = safeExtension(body.file_name);
  const key = `${mediaPrefix(auth.companyId, conversation._id)}${newObjectId()}${extension ? `.${extension}` : ''}`;
  const max = maxUploadBytes(target);
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().mediaBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, max],
      ['eq', '$Content-Type', body.mime_type],
    ],
    Fields: { 'Content-Type': body.mime_type },
    Expires: PRESIGN_EXPIRES_SECONDS,
  });
  return {
    url,
    fields,
    file_path: key,
    file_type: check.kind,
    max_bytes: max,
    expires_in: PRESIGN_EXPIRES_SECONDS,
  };
}
