import { detectLanguage, fnv1a, normalize, words } from './text-features.ts';

/**
 * Tool calling in the deterministic model fake, in OpenAI's shapes: which offered tools a customer message
 * asks for (fixed triggers per built-in tool; an HTTP tool when every word of its name is in the message),
 * and the final answer once the tools answered, in the customer's language.
 */
export interface FakeToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function offeredNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) =>
    isRecord(tool) && isRecord(tool.function) && typeof tool.function.name === 'string'
      ? [tool.function.name]
      : [],
  );
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const NAME = /(?:meu nome e|my name is|me llamo|mi nombre es)\s+([a-z][a-z ]*[a-z])/;

/** The arguments a built-in tool gets from the message, or undefined when the message does not ask for it. */
function builtInArgs(
  name: string,
  original: string,
  text: string,
): Record<string, string | number> | undefined {
  switch (name) {
    case 'hand_off':
      return /\b(gerente|manager|supervisor|reclamacao|complaint|queja)\b/.test(text)
        ? { reason: 'customer asked for a manager' }
        : undefined;
    case 'lookup_contact':
      return /\b(meus dados|meu cadastro|my (data|details|account)|mis datos)\b/.test(text) ? {} : undefined;
    case 'update_contact_field': {
      const email = EMAIL.exec(original)?.[0];
      if (email) return { field: 'email', value: email };
      const name = NAME.exec(text)?.[1];
      // The original casing of the name, found at the same place.
      const at = name ? text.indexOf(name) : -1;
      if (name) return { field: 'full_name', value: original.slice(at, at + name.length) };
      return undefined;
    }
    case 'create_deal': {
      if (!/\b(quero comprar|orcamento|proposta|quote|presupuesto)\b/.test(text)) return undefined;
      const value = /(\d+(?:[.,]\d+)?)\s*(?:reais|brl)\b/.exec(text)?.[1];
      return {
        title: original.trim().slice(0, 80),
        ...(value ? { value: Number(value.replace(',', '.')) } : {}),
      };
    }
    case 'schedule_activity': {
      if (!/\b(agendar|agende|marcar|marque|schedule|agendar)\b/.test(text)) return undefined;
      // "amanhã às 15h" and the like: the next day at that hour in Brasília time (10h when none is said).
      const hour = /\b(\d{1,2})\s*h\b/.exec(text)?.[1] ?? '10';
      const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      return { title: original.trim().slice(0, 80), due_at: `${day}T${hour.padStart(2, '0')}:00:00-03:00` };
    }
    case 'add_tag': {
      const tag = /\b(?:tag|etiqueta)\s+["']?([^\s"'.,!?]+)/.exec(original)?.[1];
      return tag ? { tag } : undefined;
    }
    default:
      return undefined;
  }
}

/** The tool calls a message asks for among the offered tools, in the order offered. */
export function fakeToolCalls(tools: unknown, message: string): FakeToolCall[] {
  const text = normalize(message);
  const asked = new Set(words(message));
  const calls: FakeToolCall[] = [];
  for (const name of offeredNames(tools)) {
    let args: Record<string, string | number> | undefined;
    if (name.startsWith('http_')) {
      const needed = words(name.slice('http_'.length).replace(/_/g, ' '));
      if (needed.length > 0 && needed.every((word) => asked.has(word))) args = { query: message };
    } else {
      args = builtInArgs(name, message, text);
    }
    if (!args) continue;
    const json = JSON.stringify(args);
    calls.push({
      id: `call_${calls.length}_${fnv1a(name + json).toString(36)}`,
      type: 'function',
      function: { name, arguments: json },
    });
  }
  return calls;
}

const WORDING = {
  pt: { done: 'Pronto', failed: 'Não consegui concluir' },
  en: { done: 'Done', failed: 'I could not complete it' },
  es: { done: 'Listo', failed: 'No pude completarlo' },
} as const;

function describe(result: unknown): string {
  if (typeof result === 'string') return result.slice(0, 300);
  if (isRecord(result))
    return Object.entries(result)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || Array.isArray(value))
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
      .join('; ');
  return JSON.stringify(result);
}

/** The answer after the tools ran: each result (the tool messages since the customer's) in one sentence. */
export function toolAnswer(
  messages: readonly { role: string; content: string }[],
  question: string,
): { answer: string; confidence: number; citations: number[] } {
  const since = messages.length - [...messages].reverse().findIndex((message) => message.role === 'user');
  const wording = WORDING[detectLanguage(question)];
  const parts: string[] = [];
  let failed = false;
  for (const message of messages.slice(since).filter((entry) => entry.role === 'tool')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.content);
    } catch {
      parsed = { ok: true, result: message.content };
    }
    if (isRecord(parsed) && parsed.ok === false) {
      failed = true;
      parts.push(`${wording.failed}: ${String(parsed.error)}`);
    } else {
      parts.push(`${wording.done}: ${describe(isRecord(parsed) ? parsed.result : parsed)}`);
    }
  }
  return { answer: parts.join(' '), confidence: failed ? 0 : 1, citations: [] };
}
