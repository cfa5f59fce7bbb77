import {
  type ConditionRule,
  type FlowGraph,
  type FlowNode,
  type FlowNodeOf,
  HANDLES,
} from '@atende/shared/contracts/flows/graph';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { acceptAnswer, foldAnswer, matchMenuOption } from '@atende/shared/rules/flow-answers';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import * as z from 'zod';

/** Where a conversation's bot stands: the version it started on, the node waiting for an answer, its variables. */
export const botSession = z.object({
  flow: z.string(),
  version: z.number().int().positive(),
  node: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  invalid: z.number().int().nonnegative(),
  resume_at: z.string().nullable(),
  done: z.boolean(),
  /** Customer messages an ai_assistant node has answered so far (absent elsewhere). */
  turns: z.number().int().nonnegative().optional(),
});
export type BotSession = z.infer<typeof botSession>;

export type BotOutput =
  | { kind: 'text'; text: string; options?: { id: string; label: string }[] }
  | { kind: 'handoff'; department: string | null; employee: string | null }
  | { kind: 'end'; tabulation: string | null }
  /** Shown to operators in the conversation, never sent to the customer (what an AI assistant did). */
  | { kind: 'note'; text: string };

export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the bot may do to the world; the simulator passes a side-effect-free version. */
export interface BotEffects {
  loadFlow(flowId: string): Promise<{ version: number; graph: FlowGraph } | undefined>;
  http(call: HttpCall): Promise<{ ok: boolean; json: unknown }>;
  updateContact(field: string, value: string): Promise<void>;
  tag(action: 'add' | 'remove', tagId: string): Promise<void>;
  /** One customer message to an AI assistant: what it says (and notes), and whether it handed off. */
  assistant(assistantId: string, text: string): Promise<{ handoff: boolean; outputs: BotOutput[] }>;
}

export interface BotContext {
  graph: FlowGraph;
  /** Values outside the flow: default variables, company variables, contact.* and custom.* fields. */
  lookup(key: string): string | undefined;
  /** Contact tag ids, for conditions on tags. */
  tags: readonly string[];
  withinOfficeHours: boolean;
  invalidLimit:
    | {
        limit: number;
        outcome:
          { kind: 'queue' } | { kind: 'department'; department: string } | { kind: 'flow'; flowId: string };
      }
    | undefined;
  effects: BotEffects;
}

export interface TurnResult {
  session: BotSession;
  outputs: BotOutput[];
  /** Node ids visited in this turn, in order (the simulator shows them). */
  path: string[];
}

/** A bound on nodes run in one turn: a loop without a waiting node hands off instead of spinning forever. */
const MAX_STEPS = 100;

const next = (graph: FlowGraph, nodeId: string, handle?: string) =>
  graph.edges.find((edge) => edge.source === nodeId && (edge.sourceHandle ?? undefined) === handle)?.target;

function readPath(value: unknown, path: string): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>(
      (current, part) =>
        current !== null && typeof current === 'object'
          ? (current as Record<string, unknown>)[part]
          : undefined,
      value,
    );
}

function ruleHolds(
  rule: ConditionRule,
  value: (key: string) => string | undefined,
  ctx: BotContext,
): boolean {
  if (rule.source === 'office_hours')
    return rule.operator === 'not_equals' ? !ctx.withinOfficeHours : ctx.withinOfficeHours;
  if (rule.source === 'tag') {
    const has = ctx.tags.includes(rule.key);
    return rule.operator === 'not_exists' || rule.operator === 'not_equals' ? !has : has;
  }
  const key =
    rule.source === 'contact'
      ? `contact.${rule.key}`
      : rule.source === 'custom_field'
        ? `custom.${rule.key}`
        : rule.key;
  const actual = value(key);
  const expected = fillVariables(rule.value, value);
  switch (rule.operator) {
    case 'exists':
      return actual !== undefined && actual !== '';
    case 'not_exists':
      return actual === undefined || actual === '';
    case 'equals':
      return foldAnswer(actual ?? '') === foldAnswer(expected);
    case 'not_equals':
      return foldAnswer(actual ?? '') !== foldAnswer(expected);
    case 'contains':
      return foldAnswer(actual ?? '').includes(foldAnswer(expected));
    case 'greater':
    case 'less': {
      const a = Number((actual ?? '').replace(',', '.'));
      const b = Number(expected.replace(',', '.'));
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return rule.operator === 'greater' ? a > b : a < b;
    }
  }
}

const timeoutAt = (node: FlowNodeOf<'ai_assistant'>) =>
  node.data.timeout_minutes === null
    ? null
    : new Date(Date.now() + node.data.timeout_minutes * 60_000).toISOString();

/**
 * The customer's message (or the lack of one, when the timeout schedule resumes) at an ai_assistant node:
 * an exit keyword leaves through `resolved` without asking the assistant; otherwise the assistant answers, and
 * a handoff leaves through `transfer`, the last allowed turn through `resolved`; else the node keeps waiting.
 * Mutates the session's turn count and timeout.
 */
async function assistantTurn(
  ctx: BotContext,
  node: FlowNodeOf<'ai_assistant'>,
  session: BotSession,
  input: { text?: string; buttonId?: string } | undefined,
): Promise<{ handle?: string; outputs: BotOutput[] }> {
  if (!input) return session.resume_at ? { handle: HANDLES.timeout, outputs: [] } : { outputs: [] };
  const text = input.text?.trim() ?? '';
  if (!text) return { outputs: [] };
  const folded = foldAnswer(text);
  if (node.data.exit_keywords.some((keyword) => folded.includes(foldAnswer(keyword))))
    return { handle: HANDLES.resolved, outputs: [] };
  const reply = await ctx.effects.assistant(node.data.assistant, text);
  if (reply.handoff) return { handle: HANDLES.transfer, outputs: reply.outputs };
  session.turns = (session.turns ?? 0) + 1;
  if (session.turns >= node.data.max_turns) return { handle: HANDLES.resolved, outputs: reply.outputs };
  session.resume_at = timeoutAt(node);
  return { outputs: reply.outputs };
}

const fallbackToQueue: BotOutput = { kind: 'handoff', department: null, employee: null };

/**
 * One turn of the bot: the customer's answer (if the bot waits for one) is judged, then nodes run until one
 * waits for the customer (menu, question, wait) or the bot is done (handoff, end, go_to_flow into nothing).
 */
export async function advance(
  ctx: BotContext,
  start: BotSession,
  input?: { text?: string; buttonId?: string },
): Promise<TurnResult> {
  let graph = ctx.graph;
  const session: BotSession = { ...start, variables: { ...start.variables } };
  const outputs: BotOutput[] = [];
  const path: string[] = [];
  const value = (key: string) => session.variables[key] ?? ctx.lookup(key);
  const fill = (text: string) => fillVariables(text, value);
  const byId = () => new Map(graph.nodes.map((node) => [node.id, node]));
  let nodes = byId();
  const finish = (output: BotOutput): TurnResult => {
    outputs.push(output);
    return { session: { ...session, node: null, done: true, resume_at: null }, outputs, path };
  };

  let cursor: string | undefined;
  const waiting = session.node ? nodes.get(session.node) : undefined;
  if (session.done) return { session, outputs, path };
  if (!waiting) {
    cursor = graph.nodes.find((node) => node.type === 'start')?.id;
  } else if (waiting.type === 'wait') {
    // A message while waiting does not cut the wait short; the schedule resumes it.
    if (input) return { session, outputs, path };
    cursor = next(graph, waiting.id);
    session.resume_at = null;
  } else if (waiting.type === 'ai_assistant') {
    const step = await assistantTurn(ctx, waiting, session, input);
    outputs.push(...step.outputs);
    if (step.handle === undefined) return { session, outputs, path };
    path.push(waiting.id);
    cursor = next(graph, waiting.id, step.handle);
    session.turns = undefined;
    session.resume_at = null;
  } else if (input && (waiting.type === 'menu' || waiting.type === 'question')) {
    path.push(waiting.id);
    const accepted =
      waiting.type === 'menu'
        ? matchMenuOption(waiting.data.options, input)
        : acceptAnswer(waiting.data.validate, input.text ?? '');
    if (accepted !== undefined) {
      session.invalid = 0;
      if (waiting.type === 'menu') cursor = next(graph, waiting.id, (accepted as { id: string }).id);
      else {
        session.variables[waiting.data.variable] = accepted as string;
        cursor = next(graph, waiting.id);
      }
    } else {
      session.invalid += 1;
      const invalidEdge = next(graph, waiting.id, HANDLES.invalid);
      const limit = ctx.invalidLimit;
      if (limit && session.invalid >= limit.limit) {
        session.invalid = 0;
        if (limit.outcome.kind === 'flow') {
          const target = await ctx.effects.loadFlow(limit.outcome.flowId);
          if (!target) return finish(fallbackToQueue);
          graph = target.graph;
          nodes = byId();
          Object.assign(session, { flow: limit.outcome.flowId, version: target.version });
          cursor = graph.nodes.find((node) => node.type === 'start')?.id;
        } else {
          return finish({
            kind: 'handoff',
            department: limit.outcome.kind === 'department' ? limit.outcome.department : null,
            employee: null,
          });
        }
      } else if (invalidEdge) {
        cursor = invalidEdge;
      } else {
        const again =
          waiting.type === 'menu'
            ? flowRuntimePtBR.invalidOption
            : flowRuntimePtBR.invalidAnswer[waiting.data.validate];
        outputs.push({ kind: 'text', text: again });
        if (waiting.type === 'menu')
          outputs.push({ kind: 'text', text: fill(waiting.data.text), options: waiting.data.options });
        return { session, outputs, path };
      }
    }
  } else {
    return { session, outputs, path };
  }

  for (let steps = 0; steps < MAX_STEPS; steps += 1) {
    const node: FlowNode | undefined = cursor ? nodes.get(cursor) : undefined;
    if (!node) return finish(fallbackToQueue);
    path.push(node.id);
    session.node = null;
    switch (node.type) {
      case 'start':
        cursor = next(graph, node.id);
        break;
      case 'message':
        outputs.push({ kind: 'text', text: fill(node.data.text) });
        cursor = next(graph, node.id);
        break;
      case 'menu':
        outputs.push({ kind: 'text', text: fill(node.data.text), options: node.data.options });
        return { session: { ...session, node: node.id }, outputs, path };
      case 'question':
        outputs.push({ kind: 'text', text: fill(node.data.text) });
        return { session: { ...session, node: node.id }, outputs, path };
      case 'wait':
        return {
          session: {
            ...session,
            node: node.id,
            resume_at: new Date(Date.now() + node.data.minutes * 60_000).toISOString(),
          },
          outputs,
          path,
        };
      case 'condition': {
        const results = node.data.rules.map((rule) => ruleHolds(rule, value, ctx));
        const holds = node.data.match === 'any' ? results.some(Boolean) : results.every(Boolean);
        cursor = next(graph, node.id, holds ? HANDLES.true : HANDLES.false);
        break;
      }
      case 'set_variable':
        session.variables[node.data.variable] = fill(node.data.value);
        cursor = next(graph, node.id);
        break;
      case 'update_contact':
        await ctx.effects.updateContact(node.data.field, fill(node.data.value));
        cursor = next(graph, node.id);
        break;
      case 'tag':
        await ctx.effects.tag(node.data.action, node.data.tag);
        cursor = next(graph, node.id);
        break;
      case 'http_request': {
        const result = await ctx.effects
          .http({
            method: node.data.method,
            url: fill(node.data.url),
            headers: Object.fromEntries(
              node.data.headers.map((header) => [fill(header.key), fill(header.value)]),
            ),
            body: fill(node.data.body),
          })
          .catch(() => ({ ok: false, json: undefined }));
        for (const save of node.data.save) {
          const found = readPath(result.json, save.path);
          if (found !== undefined && save.variable)
            session.variables[save.variable] = typeof found === 'string' ? found : JSON.stringify(found);
        }
        cursor = next(graph, node.id, result.ok ? HANDLES.success : HANDLES.error);
        break;
      }
      case 'handoff':
        return finish({ kind: 'handoff', department: node.data.department, employee: node.data.employee });
      case 'end':
        if (node.data.text) outputs.push({ kind: 'text', text: fill(node.data.text) });
        return finish({ kind: 'end', tabulation: node.data.tabulation });
      case 'ai_assistant':
        if (node.data.text) outputs.push({ kind: 'text', text: fill(node.data.text) });
        return {
          session: { ...session, node: node.id, turns: 0, resume_at: timeoutAt(node) },
          outputs,
          path,
        };
      case 'go_to_flow': {
        const target = await ctx.effects.loadFlow(node.data.flow);
        if (!target) return finish(fallbackToQueue);
        graph = target.graph;
        nodes = byId();
        Object.assign(session, { flow: node.data.flow, version: target.version });
        cursor = graph.nodes.find((candidate) => candidate.type === 'start')?.id;
        break;
      }
    }
  }
  return finish(fallbackToQueue);
}
