export interface TextToken {
  text: string;
  bold?: true;
  italic?: true;
}

/**
 * A pair of markers around text that neither starts nor ends with a space, not glued to a letter or digit outside:
 * WhatsApp's own rule, so snake_case_names and '2 * 3 * 4' stay plain.
 */
const MARKED = /(?<![\p{L}\p{N}])(?:\*(\S(?:[^*\n]*?\S)?)\*|_(\S(?:[^_\n]*?\S)?)_)(?![\p{L}\p{N}])/u;

type Style = Pick<TextToken, 'bold' | 'italic'>;

function parse(text: string, style: Style, out: TextToken[]): void {
  let rest = text;
  while (rest.length > 0) {
    const match = MARKED.exec(rest);
    if (!match) {
      push(out, rest, style);
      return;
    }
    push(out, rest.slice(0, match.index), style);
    const [whole, boldText, italicText] = match;
    if (boldText !== undefined) parse(boldText, { ...style, bold: true }, out);
    else parse(italicText ?? '', { ...style, italic: true }, out);
    rest = rest.slice(match.index + whole.length);
  }
}

function push(out: TextToken[], text: string, style: Style): void {
  if (text.length === 0) return;
  const last = out.at(-1);
  if (last && last.bold === style.bold && last.italic === style.italic) {
    last.text += text;
    return;
  }
  out.push({ text, ...(style.bold && { bold: true }), ...(style.italic && { italic: true }) });
}

/**
 * Spec point 5 text helpers: asterisk pairs become bold, underscore pairs italic, nesting allowed. Tokens, never
 * HTML, so the caller renders them without injecting markup.
 */
export function richTextTokens(text: string): TextToken[] {
  const out: TextToken[] = [];
  parse(text, {}, out);
  return out;
}
