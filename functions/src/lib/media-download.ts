/**
 * How a presigned GET of a customer's file is served to the browser. Files come from strangers (e-mail
 * attachments, provider media), so only plain image, audio and video formats may open inline, with a content
 * type chosen here from the extension; everything else — SVG and HTML included, whatever its claimed type —
 * is a download (`Content-Disposition: attachment`) typed `application/octet-stream`, so no script of theirs
 * runs on the bucket's origin.
 */
import { safeExtension } from './media-keys.ts';

const INLINE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  amr: 'audio/amr',
  mp4: 'video/mp4',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
};

/** An RFC 6266 filename: a plain ASCII fallback plus the UTF-8 original. */
function dispositionName(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 150) || 'arquivo';
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.slice(0, 150))}`;
}

/** The response overrides for a presigned GetObject of this file. */
export function downloadOverrides(fileName: string, filePath: string) {
  const extension = safeExtension(filePath) || safeExtension(fileName);
  const inline = INLINE_TYPES[extension];
  if (inline && safeExtension(fileName) === extension) {
    return {
      ResponseContentType: inline,
      ResponseContentDisposition: `inline; ${dispositionName(fileName)}`,
    };
  }
  return {
    ResponseContentType: 'application/octet-stream',
    ResponseContentDisposition: `attachment; ${dispositionName(fileName)}`,
  };
}
