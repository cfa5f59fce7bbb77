import { createContactImportUpload } from '@atende/shared/contracts/contacts/create-contact-import-upload';
import { IMPORT_MAX_UPLOAD_BYTES } from '@atende/shared/contracts/contacts/imports';
import { callRoute } from '../../../lib/api/call-route.ts';

export const fitsUpload = (file: Blob) => file.size > 0 && file.size <= IMPORT_MAX_UPLOAD_BYTES;

/**
 * The presigned POST to the bucket: fields first, the file last (S3 reads the policy before the body).
 * XMLHttpRequest because fetch has no upload progress.
 */
function postForm(
  target: { url: string; fields: Record<string, string> },
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`upload refused with ${request.status}`));
    request.onerror = () => reject(new Error('upload failed'));
    request.send(form);
  });
}

/**
 * Puts the file straight into the bucket (never through the API's body, so 100,000-row files fit) and
 * answers the upload id POST /contacts/imports takes.
 */
export async function uploadImportFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  const target = await callRoute(createContactImportUpload, {
    body: { file_name: file.name, size: file.size },
  });
  onProgress(0);
  await postForm(target, file, onProgress);
  onProgress(100);
  return target.upload;
}
