/** Reply conventions of e-mail clients, in the company's language (pt-BR) when we write them. */

const REPLY_PREFIX = /^\s*(re|res|resp|aw|sv)\s*:/i;

/** 'Re: ' once: a subject that already carries a reply prefix (any client's) keeps it. */
export function replySubject(subject: string | undefined): string {
  const original = (subject ?? '').trim();
  return REPLY_PREFIX.test(original) ? original : `Re: ${original}`.trim();
}

export interface QuotedMessage {
  text: string;
  sentAt: Date;
  /** How the original's author is shown, e.g. 'Maria Souza <maria@cliente.com.br>'. */
  author: string;
}

/** Gmail's pt-BR attribution, which customers' clients recognize: 'Em 21/11/2025 20:20, Maria <m@x> escreveu:'. */
export function attribution(quoted: Pick<QuotedMessage, 'sentAt' | 'author'>, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(quoted.sentAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const when = `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
  return `Em ${when}, ${quoted.author} escreveu:`;
}

/** The reply text followed by the attribution and the previous message, each line prefixed with '> '. */
export function quotePlainText(reply: string, quoted: QuotedMessage, timeZone: string): string {
  const lines = quoted.text.replace(/\r\n/g, '\n').trimEnd().split('\n');
  const body = lines.map((line) => (line.startsWith('>') ? `>${line}` : `> ${line}`.trimEnd())).join('\n');
  return `${reply.trimEnd()}\n\n${attribution(quoted, timeZone)}\n${body}\n`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraphs = (text: string) => escapeHtml(text.trimEnd()).replace(/\r?\n/g, '<br>');

/** Plain text as HTML: escaped, line breaks kept. */
export const textToHtml = (text: string) => `<div>${paragraphs(text)}</div>`;

/** The same reply as HTML, the quote in the blockquote that clients fold away. */
export function quoteHtml(reply: string, quoted: QuotedMessage, timeZone: string): string {
  return (
    `${textToHtml(reply)}<br>` +
    `<div>${escapeHtml(attribution(quoted, timeZone))}<br>` +
    `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">` +
    `${paragraphs(quoted.text)}</blockquote></div>`
  );
}

const ATTRIBUTION_START = /^\s*(em|on)\s/i;
const ATTRIBUTION_END = /(escreveu|wrote)\s*:\s*$/i;
const ORIGINAL_MARKER = /^\s*-{2,}\s*(original message|mensagem original)\s*-{2,}\s*$/i;

/**
 * Drops the quoted history a customer's reply carries below their new text, so the conversation shows each
 * message once. Recognizes the attribution line (possibly wrapped over two lines), Outlook's original-message
 * marker, and a trailing block of '>' lines; text above the history is kept as written.
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const onlyQuotedFrom = (index: number) =>
    lines.slice(index).every((line) => line.trim() === '' || line.trimStart().startsWith('>'));
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const previous = index > 0 ? (lines[index - 1] ?? '') : '';
    let cut: number | undefined;
    if (ORIGINAL_MARKER.test(line)) cut = index;
    else if (ATTRIBUTION_END.test(line) && ATTRIBUTION_START.test(line)) cut = index;
    else if (ATTRIBUTION_END.test(line) && ATTRIBUTION_START.test(previous)) cut = index - 1;
    else if (line.trimStart().startsWith('>') && onlyQuotedFrom(index)) cut = index;
    if (cut !== undefined && cut > 0) return lines.slice(0, cut).join('\n').trimEnd();
  }
  return text.trimEnd();
}
