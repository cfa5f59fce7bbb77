import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { s3Client } from '../../lib/s3-client.ts';
import { config } from '../../lib/config.ts';
import { inboundMediaKey } from '../../webhooks/pending-media.ts';
import type { SessionInboundMedia } from './connector.ts';

/** Copies a customer's media into the media bucket (named by the message id: a redelivery overwrites it). */
export async function storeInboundMedia(
  message: InboundMessage,
  media: SessionInboundMedia,
): Promise<NonNullable<InboundMessage['media']>> {
  const bytes = await media.download();
  const key = inboundMediaKey(message, media.fileName);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config().mediaBucket,
      Key: key,
      Body: bytes,
      ContentType: media.mimeType,
    }),
  );
  return {
    kind: media.kind,
    file_path: key,
    file_name: media.fileName,
    file_type: media.mimeType,
    size: bytes.byteLength,
  };
}

/** An operator's stored file, read to be uploaded to WhatsApp (the session sends bytes, not links). */
export async function readStoredMedia(filePath: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: config().mediaBucket, Key: filePath }));
  if (!object.Body) throw new Error(`stored media ${filePath} is empty`);
  return {
    bytes: await object.Body.transformToByteArray(),
    mimeType: object.ContentType ?? 'application/octet-stream',
  };
}
