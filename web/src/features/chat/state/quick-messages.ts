import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import type { VariableView } from '@atende/shared/contracts/variables/views';
import { fillVariables } from '@atende/shared/rules/fill-variables';

/** The `/word` being typed: where it starts (the slash), where the caret is, and the letters after the slash. */
export interface SlashQuery {
  start: number;
  end: number;
  query: string;
}

/** Most suggestions the popup lists at once; typing more letters narrows them. */
export const MAX_SUGGESTIONS = 8;

/**
 * The shortcut being typed at the caret: a `/` at the start of the text or after a space or line break, then
 * shortcut characters (spec point 5: letters, digits, underscore) up to the caret. A slash inside a word (a URL,
 * "e/ou") is not a shortcut.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | undefined {
  const match = /(?:^|\s)\/(\w*)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, end: caret, query };
}

/** Shortcuts starting with the query first, then those containing it; case is ignored, as the server does. */
export function suggestQuickMessages(
  list: readonly QuickMessageView[],
  query: string,
  max = MAX_SUGGESTIONS,
): QuickMessageView[] {
  const wanted = query.toLowerCase();
  const rank = (item: QuickMessageView) => {
    const shortcut = item.shortcut.toLowerCase();
    if (shortcut.startsWith(wanted)) return 0;
    return shortcut.includes(wanted) ? 1 : 2;
  };
  return list
    .map((item) => ({ item, rank: rank(item) }))
    .filter((entry) => entry.rank < 2)
    .sort((a, b) => a.rank - b.rank || a.item.shortcut.localeCompare(b.item.shortcut))
    .slice(0, max)
    .map((entry) => entry.item);
}

/** The text with the typed `/query` replaced by the quick message's text, and the caret just after it. */
export function insertQuickMessage(
  text: string,
  slash: SlashQuery,
  replacement: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, slash.start) + replacement + text.slice(slash.end),
    caret: slash.start + replacement.length,
  };
}

/**
 * What is sent for a typed text: a message that is only `/shortcut` of a known quick message becomes that quick
 * message, variables filled; anything else goes as typed.
 */
export function expandLiteralShortcut(
  text: string,
  list: readonly QuickMessageView[],
  lookup: (key: string) => string | undefined,
): string {
  const match = /^\/(\w+)$/.exec(text.trim());
  if (!match) return text;
  const shortcut = (match[1] ?? '').toLowerCase();
  const found = list.find((item) => item.shortcut.toLowerCase() === shortcut);
  return found ? fillVariables(found.text, lookup) : text;
}

/** Arrow keys move through the suggestions and wrap around at both ends. */
export function moveHighlight(index: number, delta: number, count: number): number {
  if (count === 0) return 0;
  return (((index + delta) % count) + count) % count;
}

export interface ComposerVariableSources {
  customerName: string;
  protocol: string;
  employee: { name: string; email: string } | undefined;
  company: { name: string; cnpj?: string | undefined } | undefined;
  variables: readonly VariableView[];
}

/**
 * The variables the browser knows for this conversation (spec point 3's defaults it can see, and the company's
 * own ones). The rest (business period, chatbot name, contact fields) stay as typed: the operator sees them before
 * sending rather than a silent blank.
 */
export function composerVariableLookup(
  sources: ComposerVariableSources,
): (key: string) => string | undefined {
  const first = sources.customerName.trim().split(/\s+/)[0];
  const known: Record<string, string | undefined> = {
    company_name: sources.company?.name,
    company_cnpj: sources.company?.cnpj || undefined,
    employee_name: sources.employee?.name,
    employee_email: sources.employee?.email,
    customer_full_name: sources.customerName || undefined,
    customer_first_name: first || undefined,
    protocol: sources.protocol || undefined,
  };
  const custom = new Map(
    sources.variables
      .filter((variable) => !variable.default && variable.value !== null)
      .map((variable) => [variable.key, variable.value ?? undefined]),
  );
  return (key) => (key in known ? known[key] : custom.get(key));
}
