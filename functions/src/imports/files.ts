import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';

/** Uploaded import files and generated exports live in the exports bucket under the company's prefix. */
export const importFileKey = (companyId: string, importId: string, extension: string) =>
  `imports/C/${companyId}/${importId}.${extension}`;
export const exportFileKey = (companyId: string, exportId: string) =>
  `exports/C/${companyId}/${exportId}.xlsx`;

/** How long an export's download link works. */
export const DOWNLOAD_EXPIRES_SECONDS = 300;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function putFile(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await clients().s3.send(
    new PutObjectCommand({ Bucket: config().exportsBucket, Key: key, Body: body, ContentType: contentType }),
  );
}

export async function getFile(key: string): Promise<Uint8Array> {
  const answer = await clients().s3.send(new GetObjectCommand({ Bucket: config().exportsBucket, Key: key }));
  if (!answer.Body) throw new Error(`empty object ${key}`);
  return answer.Body.transformToByteArray();
}

export async function downloadUrl(key: string, fileName: string): Promise<string> {
  return getSignedUrl(
    clients().s3,
    new GetObjectCommand({
      Bucket: config().exportsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: DOWNLOAD_EXPIRES_SECONDS },
  );
}
