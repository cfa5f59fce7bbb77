import sanitizeHtml from 'sanitize-html';

/**
 * The server's allowlist for rich text (FAQ articles, academy lessons): basic formatting, lists, headings, links and https images. Anything
 * else (scripts, event handlers, styles, javascript: links) is dropped before it is stored; the web sanitizes
 * again with DOMPurify when it renders.
 */
const ALLOWLIST: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'blockquote',
    'code',
    'pre',
    'img',
    'div',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export const sanitizeArticleHtml = (html: string): string => sanitizeHtml(html, ALLOWLIST).trim();

/** The words of an article without markup, for the accent-free search. */
export const plainText = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
