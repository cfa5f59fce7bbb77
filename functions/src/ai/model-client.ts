import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import * as z from 'zod';
import { config } from '../lib/config.ts';
import { safeFetch, UnsafeUrl } from '../lib/safe-fetch.ts';
import { type AiFeature, recordUsage } from './usage.ts';

/**
 * A small OpenAI-compatible client over safeFetch. The `openai` package was not used: it calls the global
 * fetch, and every call here must go through the SSRF-checked, address-pinned safeFetch (the base URL is
 * typed by a tenant); two endpoints and their shapes are little code. Retries 429 and 5xx with exponential
 * backoff (Retry-After honoured, capped), bounds each call with a timeout, and records token usage.
 */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  embeddingModel: string;
}

export type ModelFailure =
  'auth' | 'not_found' | 'rate_limit' | 'unavailable' | 'unsafe_url' | 'bad_response';

export class ModelError extends Error {
  constructor(
    readonly failure: ModelFailure,
    readonly path: string,
    detail: string,
  ) {
    super(`${failure} at ${path}: ${detail}`);
    this.name = 'ModelError';
  }

  /** The pt-BR sentence shown to the admin; never carries the key or the provider's raw body. */
  get userMessage(): string {
    const errors = aiMessagesPtBR.errors;
    switch (this.failure) {
      case 'auth':
        return errors.auth;
      case 'not_found':
        return interpolate(errors.notFound, { path: this.path });
      case 'rate_limit':
        return errors.rateLimit;
      case 'unsafe_url':
        return errors.unsafeUrl;
      case 'bad_response':
        return interpolate(errors.badResponse, { path: this.path });
      default:
        return interpolate(errors.unavailable, { detail: this.path });
    }
  }
}

export interface CallOptions {
  companyId: string;
  feature: AiFeature;
  /** Attempts for 429/5xx/network failures (1 = no retry). */
  attempts?: number;
  timeoutMs?: number;
  /** Base of the exponential backoff, in ms (tests shorten it). */
  backoffMs?: number;
}

const allowLocal = () => ['local', 'test'].includes(config().stage);

/** `https://host/v1` and `https://host` both work: the `/v1` is added when the base URL lacks it. */
export function endpointUrl(baseUrl: string, path: '/chat/completions' | '/embeddings'): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return `${trimmed}${/\/v1$/.test(trimmed) ? '' : '/v1'}${path}`;
}

const usageSchema = z
  .object({ prompt_tokens: z.number().default(0), completion_tokens: z.number().default(0) })
  .partial()
  .optional();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(
  endpoint: ModelEndpoint,
  path: '/chat/completions' | '/embeddings',
  body: object,
  options: CallOptions,
) {
  const url = endpointUrl(endpoint.baseUrl, path);
  const attempts = options.attempts ?? 3;
  const label = `/v1${path}`;
  for (let attempt = 1; ; attempt += 1) {
    let status: number;
    let text: string;
    let retryAfter: string | undefined;
    try {
      const response = await safeFetch(
        {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
          body: JSON.stringify(body),
        },
        { allowLocal: allowLocal(), timeoutMs: options.timeoutMs ?? 30_000, maxRedirects: 0 },
      );
      ({ status, body: text } = response);
      retryAfter = response.headers['retry-after'];
    } catch (error) {
      if (error instanceof UnsafeUrl) throw new ModelError('unsafe_url', label, error.message);
      if (attempt >= attempts) throw new ModelError('unavailable', label, String(error));
      await sleep((options.backoffMs ?? 400) * 2 ** (attempt - 1));
      continue;
    }
    if (status === 401 || status === 403) throw new ModelError('auth', label, `HTTP ${status}`);
    if (status === 404) throw new ModelError('not_found', label, `HTTP ${status}`);
    if (status === 429 || status >= 500) {
      if (attempt >= attempts)
        throw new ModelError(status === 429 ? 'rate_limit' : 'unavailable', label, `HTTP ${status}`);
      const asked = Number(retryAfter) * 1000;
      const wait =
        Number.isFinite(asked) && asked > 0
          ? Math.min(asked, 5_000)
          : (options.backoffMs ?? 400) * 2 ** (attempt - 1);
      await sleep(wait);
      continue;
    }
    if (status < 200 || status >= 300) throw new ModelError('bad_response', label, `HTTP ${status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ModelError('bad_response', label, 'not JSON');
    }
  }
}

/** A call the model asks for, in OpenAI's shape (`arguments` is a JSON text the model wrote). */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function the model may call: name, what it does, and its arguments as a JSON Schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

const toolCall = z.object({
  id: z.string(),
  type: z.literal('function').catch('function'),
  function: z.object({ name: z.string(), arguments: z.string().catch('{}') }),
});

const chatResponse = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z.array(toolCall).nullable().optional(),
        }),
      }),
    )
    .min(1),
  usage: usageSchema,
});

export interface ChatOptions extends CallOptions {
  json?: boolean;
  maxTokens?: number;
  tools?: readonly ToolDefinition[];
}

/** One completion: the text, or the tool calls the model asks for (when tools were offered). */
export async function complete(
  endpoint: ModelEndpoint,
  messages: readonly ChatMessage[],
  options: ChatOptions,
): Promise<{ content: string | null; toolCalls: ToolCall[] }> {
  const tools = options.tools ?? [];
  const raw = await post(
    endpoint,
    '/chat/completions',
    {
      model: endpoint.chatModel,
      messages,
      temperature: 0,
      ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      ...(options.json ? { response_format: { type: 'json_object' } } : {}),
      ...(tools.length > 0
        ? { tools: tools.map((tool) => ({ type: 'function', function: tool })), tool_choice: 'auto' }
        : {}),
    },
    options,
  );
  const parsed = chatResponse.safeParse(raw);
  if (!parsed.success) throw new ModelError('bad_response', '/v1/chat/completions', 'shape');
  await recordUsage(options.companyId, options.feature, {
    prompt_tokens: parsed.data.usage?.prompt_tokens ?? 0,
    completion_tokens: parsed.data.usage?.completion_tokens ?? 0,
  });
  const message = parsed.data.choices[0]?.message;
  return { content: message?.content ?? null, toolCalls: message?.tool_calls ?? [] };
}

export async function chat(
  endpoint: ModelEndpoint,
  messages: readonly ChatMessage[],
  options: CallOptions & { json?: boolean; maxTokens?: number },
): Promise<string> {
  return (await complete(endpoint, messages, options)).content ?? '';
}

const embeddingResponse = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
  usage: usageSchema,
});

/** Embeds texts in batches of 32 (providers cap inputs per call). */
export async function embed(
  endpoint: ModelEndpoint,
  texts: readonly string[],
  options: CallOptions,
): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += 32) {
    const batch = texts.slice(start, start + 32);
    const raw = await post(
      endpoint,
      '/embeddings',
      { model: endpoint.embeddingModel, input: batch },
      options,
    );
    const parsed = embeddingResponse.safeParse(raw);
    if (!parsed.success || parsed.data.data.length !== batch.length)
      throw new ModelError('bad_response', '/v1/embeddings', 'shape');
    await recordUsage(options.companyId, options.feature, {
      prompt_tokens: parsed.data.usage?.prompt_tokens ?? 0,
      completion_tokens: 0,
    });
    vectors.push(...[...parsed.data.data].sort((a, b) => a.index - b.index).map((entry) => entry.embedding));
  }
  return vectors;
}
