import type { Readable } from 'node:stream';
import { config } from '../lib/config.ts';
import { getObjectStream, presignGet, putObject } from '../lib/s3-presign.ts';
import { presignPost } from '../lib/s3-presigned-post.ts';
import type { FileFormat } from './parse.ts';

/**
 * Uploaded import files and generated exports live in the exports bucket under the company's prefix. They are
 * read, stored and presigned without the S3 client (lib/s3-presign.ts): the contacts handler and the import
 * and export consumers stay within issue 11's bundle budget.
 */
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

export const putFile = (key: string, body: Uint8Array, contentType: string): Promise<void> =>
  putObject(config().exportsBucket, key, body, contentType);

/** The object as a stream, read as it is consumed: a 100,000-row file is never held whole. */
export const fileStream = (key: string): Promise<Readable> => getObjectStream(config().exportsBucket, key);

/** No such object: an upload never made, or made under another key. */
export const isMissingObject = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * A presigned POST whose policy pins the exact key, the content type and the size range, so the browser
 * uploads straight to the bucket and S3 itself refuses anything else.
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number) {
  return presignPost(config().exportsBucket, key, {
    conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    fields: { 'Content-Type': contentType },
    expiresIn: UPLOAD_EXPIRES_SECONDS,
  });
}

export async function downloadUrl(key: string, fileName: string): Promise<string> {
  return presignGet(config().exportsBucket, key, DOWNLOAD_EXPIRES_SECONDS, {
    ResponseContentDisposition: `attachment; filename="${fileName}"`,
  });
}
