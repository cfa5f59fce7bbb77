import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import sanitizeHtml from 'sanitize-html';
import { config } from '../lib/config.ts';
import { safeFetch } from '../lib/safe-fetch.ts';

const allowLocal = () => ['local', 'test'].includes(config().stage);

/** A page's readable text: tags and script/style contents dropped, block ends kept as line breaks. */
export function htmlToText(html: string): { title: string; text: string } {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const withBreaks = html.replace(/<\/(p|div|li|h[1-6]|tr|section|article)>|<br\s*\/?>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}

/** A URL document's page: its readable text and title (a plain-text answer has no title). */
export async function fetchPage(url: string): Promise<{ title: string; text: string }> {
  const response = await safeFetch(
    { method: 'GET', url, headers: { accept: 'text/html,text/plain' } },
    { allowLocal: allowLocal(), timeoutMs: 15_000 },
  );
  if (response.status < 200 || response.status >= 300)
    throw new Error(interpolate(aiMessagesPtBR.fetchFailed, { detail: `HTTP ${response.status}` }));
  const type = response.headers['content-type'] ?? '';
  return type.includes('html') ? htmlToText(response.body) : { title: '', text: response.body };
}
