import { LIMITS } from '../domain/constants.ts';
import type { FileKind, MessagingChannel } from '../domain/message.ts';
import { uploadPtBR } from '../i18n/pt-BR.ts';
import { interpolate } from '../i18n/interpolate.ts';

/** Spec point 9 type lists. */
export const MEDIA_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'tiff', 'svg'],
  audio: ['ogg', 'mp3', 'mpeg', 'wav', 'oga', 'mpga'],
  video: ['mp4', '3gpp', 'webm', 'mov', 'avi', 'wmv'],
} as const;

export const INSTAGRAM_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'mp4', 'wav'] as const;
export const MOTOR_REFUSED_EXTENSIONS = ['obj', 'stl'] as const;

const MB = 1_048_576;

export interface UploadCandidate {
  fileName: string;
  mimeType: string;
  size: number;
}

export interface UploadTarget {
  channel: MessagingChannel;
  /** The WhatsApp integration type in use (whatsapps_integrations_type). */
  integrationType?: string | undefined;
}

export type UploadCheck = { ok: true; kind: FileKind } | { ok: false; message: string };

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const mimeSubtype = (mimeType: string): string => mimeType.split('/')[1]?.toLowerCase() ?? '';

const listed = (list: readonly string[], file: UploadCandidate): boolean =>
  list.includes(fileExtension(file.fileName)) || list.includes(mimeSubtype(file.mimeType));

/**
 * The media kind: a known extension decides first, then the mime family; documents are application/* and text/*,
 * and any other or missing mime is treated as audio (spec point 9).
 */
export function fileKind(file: UploadCandidate): FileKind {
  const extension = fileExtension(file.fileName);
  for (const kind of ['image', 'audio', 'video'] as const) {
    if ((MEDIA_EXTENSIONS[kind] as readonly string[]).includes(extension)) return kind;
  }
  const family = file.mimeType.split('/')[0]?.toLowerCase();
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  if (family === 'application' || family === 'text') return 'doc';
  return 'audio';
}

/** Media kinds are supported when the extension or the mime subtype is on the kind's list (spec point 5). */
function typeSupported(file: UploadCandidate, kind: FileKind, target: UploadTarget): boolean {
  if (kind !== 'doc' && !listed(MEDIA_EXTENSIONS[kind], file)) return false;
  if (target.channel === 'whatsapp' && kind === 'video') return false;
  if (target.channel === 'instagram' && !listed(INSTAGRAM_EXTENSIONS, file)) return false;
  if (
    target.integrationType === 'motor' &&
    (MOTOR_REFUSED_EXTENSIONS as readonly string[]).includes(fileExtension(file.fileName))
  ) {
    return false;
  }
  return true;
}

export function maxUploadBytes(target: UploadTarget): number {
  return target.integrationType === 'gupshup' ? LIMITS.mediaUploadBytesGupshup : LIMITS.mediaUploadBytes;
}

/** Spec points 5 and 9: type check (by extension or mime, per-channel exclusions), then size check. */
export function checkUpload(file: UploadCandidate, target: UploadTarget): UploadCheck {
  const kind = fileKind(file);
  if (!typeSupported(file, kind, target)) return { ok: false, message: uploadPtBR.unsupportedType };
  const max = maxUploadBytes(target);
  if (file.size > max) {
    const message =
      target.integrationType === 'gupshup'
        ? uploadPtBR.providerSizeExceeded
        : interpolate(uploadPtBR.sizeExceeded, { n: Math.round(max / MB) });
    return { ok: false, message };
  }
  return { ok: true, kind };
}

/** Spec point 5: a profile image must be an image of at most 1,000,000 bytes. */
export function checkProfileImage(file: UploadCandidate): UploadCheck {
  const isImage = file.mimeType.toLowerCase().startsWith('image/') || listed(MEDIA_EXTENSIONS.image, file);
  if (!isImage) return { ok: false, message: uploadPtBR.onlyImages };
  if (file.size > LIMITS.profileImageBytes) {
    return {
      ok: false,
      message: interpolate(uploadPtBR.sizeExceeded, { n: LIMITS.profileImageBytes / 1_000_000 }),
    };
  }
  return { ok: true, kind: 'image' };
}
