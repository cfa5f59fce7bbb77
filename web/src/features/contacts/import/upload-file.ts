import { createContactImportUpload } from '@atende/shared/contracts/contacts/create-contact-import-upload';
import { IMPORT_MAX_UPLOAD_BYTES } from '@atende/shared/contracts/contacts/imports';
import { callRoute } from '../../../lib/api/call-route.ts';
import { uploadWithProgress } from '../../../lib/api/presigned-post.ts';

export const fitsUpload = (file: Blob) => file.size > 0 && file.size <= IMPORT_MAX_UPLOAD_BYTES;

/**
 * Puts the file straight into the bucket (never through the API's body, so 100,000-row files fit) and
 * answers the upload id POST /contacts/imports takes.
 */
export async function uploadImportFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  const target = await callRoute(createContactImportUpload, {
    body: { file_name: file.name, size: file.size },
  });
  onProgress(0);
  await uploadWithProgress(target, file, onProgress);
  onProgress(100);
  return target.upload;
}
