/**
 * A presigned POST to a bucket (media, import files): fields first, the file last (S3 reads the policy before the body).
 * XMLHttpRequest because fetch has no upload progress.
 */
export function uploadWithProgress(
  target: { url: string; fields: Record<string, string> },
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
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
    request.onabort = () => reject(new Error('upload cancelled'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
