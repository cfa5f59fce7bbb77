import type { INSTAGRAM_STATUSES } from '../contracts/fanpage/get-fanpages.ts';

/** Instagram works through an active Facebook page: with none, a token-holding integration cannot receive. */
export function instagramStatus(
  fanPages: readonly string[],
  instagrams: Record<string, { access_token?: string | undefined }>,
): (typeof INSTAGRAM_STATUSES)[number] {
  const withToken = Object.values(instagrams).some((integration) => Boolean(integration.access_token));
  if (!withToken) return 'none';
  return fanPages.length > 0 ? 'connected' : 'page-missing';
}
