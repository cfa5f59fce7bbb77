import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import type { FileFormat } from './parse.ts';

/** Uploaded import files and generated exports live in the exports bucket under the company's prefix. */
export const importFileKey = (companyId: string, importId: string, extension: string) =>
  `imports/C/${companyId}/${importId}.${extension}`;
/** A file the browser put straight into the bucket; the company comes from the token, never from the body. */
export const importUploadKey = (companyId: string, uploadId: string, format: FileFormat) =>
  `imports/C/${companyId}/uploads/${uploadId}.${format}`;
export const exportFileKey = (companyId: string, exportId: string, format: FileFormat = 'xlsx') =>
  `exports/C/${companyId}/${exportId}.${format}`;

/** How long an export's download link works. */
export const DOWNLOAD_EXPIRES_SECONDS = 300;
/** How long a presigned import upload may start after it was handed out. */
export const UPLOAD_EXPIRES_SECONDS = 900;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const contentTypeOf = (format: FileFormat) => (format === 'csv' ? 'text/csv' : XLSX_TYPE);

export async function putFile(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: config().exportsBucket, Key: key, Body: body, ContentType: contentType }),
  );
}

/** The object as a stream, read as it is consumed: a 100,000-row file is never held whole. */
export async function fileStream(key: string): Promise<Readable> {
  const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().exportsBucket, Key: key }));
  if (!answer.Body) throw new Error(`empty object ${key}`);
  return answer.Body as Readable;
}

/** No such object: an upload never made, or made under another key. */
export const isMissingObject = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * A presigned POST whose policy pins the exact key, the content type and the size range, so the browser
 * uploads straight to the bucket and S3 itself refuses anything else.
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number) {
  return createPresignedPost(s3Client(), {
    Bucket: config().exportsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
}

export async function downloadUrl(key: string, fileName: string): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: config().exportsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: DOWNLOAD_EXPIRES_SECONDS },
  );
}
