import xss from 'xss';
import type * as Xss from 'xss';

// xss is CommonJS whose exports Node's ESM loader cannot name statically; its default export is the module.
const { FilterXSS, safeAttrValue } = xss as unknown as typeof Xss;

/**
 * The server's allowlist for rich text (FAQ articles, academy lessons): basic formatting, lists, headings,
 * links and https images. Anything else (scripts, event handlers, styles, javascript: links) is dropped before
 * it is stored; the web sanitizes again with DOMPurify when it renders. js-xss does it with its own small
 * parser (sanitize-html carried htmlparser2 and postcss, a quarter of a megabyte in every Lambda using it).
 */
const TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3'] as const;
const MORE_TAGS = ['blockquote', 'code', 'pre', 'div', 'span'] as const;

/** Schemes an absolute URL may use; relative links stay (they point inside the product). */
const SCHEMES: Record<string, ReadonlySet<string>> = {
  a: new Set(['http', 'https', 'mailto']),
  img: new Set(['https']),
};

/** The URL as stored, or '' (attribute dropped) when it is unsafe or of a scheme the tag may not use. */
function allowedUrl(tag: string, name: string, value: string): string {
  const safe = safeAttrValue(tag, name, value, { process: (css: string) => css });
  const scheme = /^\s*([a-z][a-z\d+.-]*):/i.exec(safe)?.[1]?.toLowerCase();
  return scheme && !SCHEMES[tag]?.has(scheme) ? '' : safe;
}

const article = new FilterXSS({
  whiteList: {
    ...Object.fromEntries([...TAGS, ...MORE_TAGS].map((tag) => [tag, []])),
    a: ['href'],
    img: ['src', 'alt'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  onTagAttr(tag, name, value) {
    if ((tag === 'a' && name === 'href') || (tag === 'img' && name === 'src')) {
      const url = allowedUrl(tag, name, value);
      return url ? `${name}="${url}"` : '';
    }
    return undefined;
  },
});

const text = new FilterXSS({ whiteList: {}, stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style'] });

/**
 * Links open in a new tab without handing the opener over; images are written as void elements. The
 * filter's output quotes every attribute and escapes `<` in text, so these tags are the only `<a`/`<img`.
 */
const attributes = (attrs: string | undefined) => (attrs?.trim() ? ` ${attrs.trim()}` : '');

const finish = (html: string): string =>
  html
    .replace(
      /<a(\s[^>]*)?>/g,
      (_, attrs?: string) => `<a${attributes(attrs)} target="_blank" rel="noopener noreferrer">`,
    )
    .replace(/<img(\s[^>]*?)?\s*\/?>/g, (_, attrs?: string) => `<img${attributes(attrs)} />`);

export const sanitizeArticleHtml = (html: string): string => finish(article.process(html)).trim();

/** The words of an article without markup, for the accent-free search. */
export const plainText = (html: string): string => text.process(html).replace(/\s+/g, ' ').trim();
