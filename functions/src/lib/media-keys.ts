/**
 * The one place media keys are built and checked. Keys are built server-side from ids; a key a client sends
 * back (a presigned upload's `file_path`) is accepted only when it is exactly of that shape: the caller's
 * company and conversation prefix, then one file name in a strict character set. A prefix test alone
 * (`startsWith`) let `media/C/<mine>/<conv>/../../<other>/x` through, and S3 emulators resolve `..`.
 */

const OBJECT_ID = /^[0-9a-f]{24}$/;
/** One path segment: letters, digits, `_`, `-` and inner dots; never `.`/`..` or a run of dots. */
const SEGMENT = /^[A-Za-z0-9_-](?:[A-Za-z0-9_-]|\.(?!\.))*$/;
const MAX_KEY_LENGTH = 512;

/** Every file of a company, uploaded or fetched from a channel, lives under this prefix of the media bucket. */
export const companyMediaPrefix = (companyId: string) => `media/C/${companyId}/`;

/** Every upload of a conversation lives under its company's and conversation's prefix. */
export const mediaPrefix = (companyId: string, conversationId: string) =>
  `${companyMediaPrefix(companyId)}${conversationId}/`;

/** A file name's extension when it is a plain one (`png`, `pdf`), else none: names never shape keys. */
export function safeExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : '';
}

/** A name made safe for the last segment of a key (provider and e-mail attachment names). */
export const safeKeyName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.]+/, '')
    .slice(-120) || 'file';

const segmentsValid = (rest: string) =>
  rest.length > 0 && rest.split('/').every((segment) => SEGMENT.test(segment));

/** True when `key` is a well-formed key under the company's media prefix (no traversal, strict characters). */
export function isCompanyMediaKey(key: string, companyId: string): boolean {
  if (!OBJECT_ID.test(companyId) || key.length > MAX_KEY_LENGTH) return false;
  const prefix = companyMediaPrefix(companyId);
  return key.startsWith(prefix) && segmentsValid(key.slice(prefix.length));
}

/** True when `key` is exactly one file directly under this conversation's upload prefix. */
export function isConversationMediaKey(key: string, companyId: string, conversationId: string): boolean {
  if (!OBJECT_ID.test(companyId) || !OBJECT_ID.test(conversationId) || key.length > MAX_KEY_LENGTH)
    return false;
  const prefix = mediaPrefix(companyId, conversationId);
  const rest = key.slice(prefix.length);
  return key.startsWith(prefix) && !rest.includes('/') && SEGMENT.test(rest);
}
