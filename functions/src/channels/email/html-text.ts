/**
 * The text of an HTML-only e-mail (the inbox shows text): block ends become blank lines, line breaks stay,
 * links keep their address, tags go, entities are decoded. A small converter of our own: the MIME parser
 * converts HTML only when the e-mail also carries a plain part, and an HTML library would triple the receipt
 * Lambda's bundle.
 */

/** HTML's Latin-1 entity names, for the code points 160 to 255 in order (nbsp is 160, yuml 255). */
const LATIN1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
  'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml ' +
  'Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde ' +
  'Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ' +
  'ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide ' +
  'oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

/** The other entities e-mail clients write (punctuation, quotes, currency, spaces). */
const NAMED: Record<string, number> = {
  ...Object.fromEntries(LATIN1.map((name, index) => [name, 160 + index])),
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  rarr: 8594,
  check: 10003,
};

const codePoint = (value: number) =>
  Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD';

/** Numeric references, and the named ones above; an unknown name is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10));
    const named = NAMED[name];
    return named === undefined ? whole : String.fromCodePoint(named);
  });
}

const BLOCK = /<\/?(?:p|div|table|tr|h[1-6]|ul|ol|blockquote|section|article|header|footer)\b[^>]*>/gi;

export function htmlToText(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\b[^>]*>/gi, '\n')
    .replace(BLOCK, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n* ')
    .replace(/<\/t[dh]\s*>/gi, ' ')
    .replace(/<hr\b[^>]*>/gi, '\n\n')
    .replace(
      /<a\b[^>]*\bhref\s*=\s*["']?(https?:[^\s"'>]+)["']?[^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_, href, label) => (label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} [${href}]`),
    )
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
