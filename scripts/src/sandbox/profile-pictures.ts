import type { FakeContext, StoredMedia } from './types.ts';

/**
 * Customers' profile pictures as the providers hold them: every sandbox customer has one (a small PNG), except
 * those whose id ends in `000`, who keep theirs private (Telegram answers total_count 0, Graph leaves
 * `profile_pic` out), so both paths can be played.
 */

/** A 1×1 PNG: real image bytes, small enough to keep in memory for every customer. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const hasPublicPicture = (userId: string): boolean => !userId.endsWith('000');

/** The customer's picture as a stored media entry (what getFile and the CDN path serve), or undefined. */
export function profilePicture(context: FakeContext, userId: string): StoredMedia | undefined {
  if (!hasPublicPicture(userId)) return undefined;
  const id = `profile-photo-${userId}`;
  const existing = context.media.get(id);
  if (existing) return existing;
  const media: StoredMedia = { id, bytes: PNG, mimeType: 'image/png' };
  context.media.set(id, media);
  return media;
}
