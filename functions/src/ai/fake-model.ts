import { fakeToolCalls, toolAnswer } from './fake-tools.ts';
import { detectLanguage, fnv1a, words } from './text-features.ts';

/**
 * A deterministic OpenAI-compatible model, so the local product and the tests run offline. It answers
 * `/v1/embeddings` with hashed bag-of-words vectors (texts sharing words are close) and `/v1/chat/completions`
 * grounded in the numbered context passages it was given (`[n] ...` lines): it picks the passage sentence
 * sharing most words with the question, cites it, and reports the share of the question's words it covers as
 * its confidence. It knows nothing else, which is what tests of grounding and handoff need.
 */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

export interface FakeAnswer {
  status: number;
  body: unknown;
}

const error = (status: number, message: string, type: string, code: string | null = null): FakeAnswer => ({
  status,
  body: { error: { message, type, param: null, code } },
});

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of words(text)) {
    const hash = fnv1a(word);
    const slot = hash % FAKE_EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + (hash & 0x100 ? 1 : -1);
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

const countTokens = (text: string) => Math.ceil(text.length / 4);

interface ChatMessage {
  role: string;
  content: string;
  toolCallId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Messages as OpenAI takes them: an assistant turn that called tools may have null content. */
function parseMessages(body: Record<string, unknown>): ChatMessage[] | undefined {
  if (!Array.isArray(body.messages)) return undefined;
  const messages: ChatMessage[] = [];
  for (const message of body.messages) {
    if (!isRecord(message) || typeof message.role !== 'string') return undefined;
    const toolTurn = message.role === 'assistant' && Array.isArray(message.tool_calls);
    if (typeof message.content !== 'string' && !(toolTurn && message.content === null)) return undefined;
    if (message.role === 'tool' && typeof message.tool_call_id !== 'string') return undefined;
    messages.push({
      role: message.role,
      content: typeof message.content === 'string' ? message.content : '',
      ...(typeof message.tool_call_id === 'string' ? { toolCallId: message.tool_call_id } : {}),
    });
  }
  return messages;
}

/** Context passages in the prompt: lines starting `[n]`, continued until the next one or a blank line. */
function passages(prompt: string): { id: number; text: string }[] {
  const found: { id: number; text: string }[] = [];
  for (const block of prompt.split(/\n(?=\[\d+\])/)) {
    const match = /^\[(\d+)\]\s*([\s\S]*)$/.exec(block.trim());
    if (match) found.push({ id: Number(match[1]), text: (match[2] ?? '').split(/\n\s*\n/)[0] ?? '' });
  }
  return found;
}

/** The knowledge is written in Portuguese; to a question in another language the fake answers in that one. */
const LEAD_IN = { pt: '', en: 'According to our information: ', es: 'Según nuestra información: ' } as const;

function groundedAnswer(question: string, context: string) {
  const asked = new Set(words(question));
  let best = { sentence: '', id: 0, covered: 0 };
  for (const passage of passages(context)) {
    for (const sentence of passage.text.split(/(?<=[.!?])\s+|\n+/)) {
      const covered = new Set(words(sentence).filter((word) => asked.has(word))).size;
      if (covered > best.covered) best = { sentence: sentence.trim(), id: passage.id, covered };
    }
  }
  const confidence = asked.size === 0 ? 0 : Math.round((best.covered / asked.size) * 100) / 100;
  return best.covered === 0
    ? { answer: '', confidence: 0, citations: [] as number[] }
    : { answer: `${LEAD_IN[detectLanguage(question)]}${best.sentence}`, confidence, citations: [best.id] };
}

/**
 * The evaluation's judge (evaluation.ts): the score is the share of the reference's words the assistant's
 * answer repeats, and the question is answerable when the passages hold at least half of the reference's words.
 */
function judgedAnswer(system: string) {
  const line = (label: string) => new RegExp(`^${label}: (.*)$`, 'm').exec(system)?.[1] ?? '';
  const reference = new Set(words(line('Referência')));
  const reply = line('Resposta do assistente');
  const share = (text: string) => {
    if (reference.size === 0) return 0;
    const found = new Set(words(text));
    return [...reference].filter((word) => found.has(word)).length / reference.size;
  };
  const context = passages(system.slice(system.indexOf('Trechos:')))
    .map((passage) => passage.text)
    .join(' ');
  return {
    score: reply.startsWith('(nenhuma') ? 0 : Math.round(share(reply) * 100) / 100,
    answerable: share(context) >= 0.5,
  };
}

/** Summaries, rephrasing and translation, by what the system prompt asks for. */
function transform(system: string, user: string): string {
  const lines = user.split('\n').filter((line) => line.trim());
  if (/resum/i.test(system)) return `Resumo: ${lines.slice(-6).join(' ').slice(0, 400)}`;
  if (/traduz/i.test(system)) {
    const target = /idioma:\s*(\S+)/i.exec(system)?.[1] ?? 'en';
    return `[${target}] ${user}`;
  }
  if (/reescrev/i.test(system)) {
    const tone = /tom:\s*(\S+)/i.exec(system)?.[1] ?? 'formal';
    const text = user.trim();
    return tone === 'friendly'
      ? `Olá! ${text} 😊`
      : tone === 'concise'
        ? (text.split(/(?<=[.!?])\s/)[0] ?? text)
        : `Prezado(a), ${text}`;
  }
  return lines.at(-1) ?? '';
}

export function fakeChat(body: unknown): FakeAnswer {
  if (!isRecord(body) || typeof body.model !== 'string')
    return error(400, 'you must provide a model parameter', 'invalid_request_error');
  const messages = parseMessages(body);
  if (!messages || messages.length === 0)
    return error(400, "'messages' must be a non-empty array", 'invalid_request_error');
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  const last = messages.at(-1);
  const lastUser = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const wantsJson = isRecord(body.response_format) && body.response_format.type === 'json_object';
  // With tools offered, a customer message that asks for what a tool does gets tool calls back; after the
  // tools answered (the last message is a tool result), the fake sums the results up.
  const calls = last?.role === 'user' ? fakeToolCalls(body.tools, lastUser) : [];
  const afterTools = last?.role === 'tool' ? toolAnswer(messages, lastUser) : undefined;
  const content =
    calls.length > 0
      ? null
      : afterTools !== undefined
        ? wantsJson
          ? JSON.stringify(afterTools)
          : afterTools.answer
        : wantsJson
          ? JSON.stringify(
              /avaliador de respostas/.test(system) ? judgedAnswer(system) : groundedAnswer(lastUser, system),
            )
          : transform(system, lastUser);
  const prompt = messages.reduce((sum, message) => sum + countTokens(message.content), 0);
  const completion = countTokens(content ?? JSON.stringify(calls));
  return {
    status: 200,
    body: {
      id: `chatcmpl-fake-${prompt}-${completion}`,
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    },
  };
}

export function fakeEmbeddings(body: unknown): FakeAnswer {
  if (!isRecord(body) || typeof body.model !== 'string')
    return error(400, 'you must provide a model parameter', 'invalid_request_error');
  const inputs = typeof body.input === 'string' ? [body.input] : body.input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((input) => typeof input === 'string'))
    return error(400, "'input' must be a string or an array of strings", 'invalid_request_error');
  const tokens = inputs.reduce((sum, input) => sum + countTokens(input), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}

export const FAKE_API_KEY_PREFIX = 'sk-';

/**
 * One request to the fake: `Authorization: Bearer sk-...` is required (401 otherwise, in OpenAI's shape);
 * `failure` is a queued failure the sandbox or a test asked for.
 */
export function answerFakeModel(
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  failure?: 'rate_limit' | 'unavailable' | 'auth',
): FakeAnswer {
  const authorization = headers.authorization ?? headers.Authorization ?? '';
  if (failure === 'auth' || !authorization.startsWith(`Bearer ${FAKE_API_KEY_PREFIX}`))
    return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  if (failure === 'rate_limit')
    return error(429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded');
  if (failure === 'unavailable')
    return error(503, 'The server is overloaded or not ready yet.', 'server_error');
  if (method !== 'POST') return error(405, `Method ${method} not allowed`, 'invalid_request_error');
  if (/\/v1\/chat\/completions$/.test(path)) return fakeChat(body);
  if (/\/v1\/embeddings$/.test(path)) return fakeEmbeddings(body);
  return error(404, `Invalid URL (${method} ${path})`, 'invalid_request_error');
}
