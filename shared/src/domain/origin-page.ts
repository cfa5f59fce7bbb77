/**
 * The page a site-widget visitor is on, as the contact's origin detail records it. No zod here: widget.js
 * imports this and stays small.
 */

/** The UTM parameters a landing page carries (utm_source, utm_medium, utm_campaign, utm_term, utm_content). */
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export interface OriginPage {
  page?: string;
  utm?: Partial<Record<UtmField, string>>;
}

/**
 * The detail of a page address: `https://host/path` (no query, no fragment, no trailing slash beyond the root),
 * and its utm_* parameters. Answers undefined for anything that is not an http(s) address.
 */
export function originDetailOfUrl(href: string): OriginPage | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '/';
  const utm: Partial<Record<UtmField, string>> = {};
  for (const field of UTM_FIELDS) {
    const value = url.searchParams.get(`utm_${field}`)?.trim();
    if (value) utm[field] = value.slice(0, 120);
  }
  return {
    page: `${url.origin}${path}`.slice(0, 300),
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
  };
}
