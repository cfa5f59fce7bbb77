import {
  type ChatMessage,
  type ChatOptions,
  complete,
  type ModelEndpoint,
  type ToolDefinition,
} from './model-client.ts';

/** What a tool answers the model: a result, or an error the model reads and may work around. */
export type ToolResult = { ok: true; result: unknown } | { ok: false; error: string };

export interface Tool {
  definition: ToolDefinition;
  run(args: Record<string, unknown>): Promise<ToolResult>;
}

/** Rounds of tool calls one customer message may take before the assistant gives up (and hands off). */
export const MAX_TOOL_STEPS = 4;

export interface ToolLoopResult {
  /** The model's final text; null when the step limit ran out first. */
  content: string | null;
  /** Every call run, in order, with what it answered. */
  calls: { name: string; args: Record<string, unknown>; result: ToolResult }[];
}

function parseArgs(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * OpenAI-style tool calling: offer the tools, run each call the model asks for exactly once (in its order),
 * send every result back as a `tool` message, and ask again, until the model answers with text or
 * `maxSteps` rounds are used. A tool that throws, an unknown tool and arguments that are not a JSON object
 * all become error results for the model, never a failed turn.
 */
export async function chatWithTools(
  endpoint: ModelEndpoint,
  start: readonly ChatMessage[],
  tools: readonly Tool[],
  options: ChatOptions & { maxSteps?: number },
): Promise<ToolLoopResult> {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const messages: ChatMessage[] = [...start];
  const calls: ToolLoopResult['calls'] = [];
  const maxSteps = options.maxSteps ?? MAX_TOOL_STEPS;
  for (let step = 0; ; step += 1) {
    const answer = await complete(endpoint, messages, {
      ...options,
      tools: tools.map((tool) => tool.definition),
    });
    if (answer.toolCalls.length === 0) return { content: answer.content ?? '', calls };
    if (step >= maxSteps) return { content: null, calls };
    messages.push({ role: 'assistant', content: answer.content, tool_calls: answer.toolCalls });
    for (const call of answer.toolCalls) {
      const tool = byName.get(call.function.name);
      const args = parseArgs(call.function.arguments);
      let result: ToolResult;
      if (!tool) result = { ok: false, error: `unknown tool ${call.function.name}` };
      else if (!args) result = { ok: false, error: 'arguments must be a JSON object' };
      else
        result = await tool.run(args).catch((error: unknown): ToolResult => ({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        }));
      calls.push({ name: call.function.name, args: args ?? {}, result });
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
}
