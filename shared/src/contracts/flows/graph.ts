import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { flowMessagesPtBR } from '../../i18n/pt-BR-flows.ts';

/**
 * A flow's graph in React Flow's own shape ({nodes, edges}), so the builder saves what its canvas holds and the
 * runtime reads the same document. Node `data` is validated per node type; a draft may be incomplete (empty
 * texts, missing edges): completeness is judged at publish time by rules/flow-graph.ts.
 */
const required = formsPtBR.requiredField;
const text = (max: number) => z.string({ error: required }).max(max);
const variableKey = z
  .string({ error: required })
  .max(40)
  .regex(/^[a-z][a-z0-9_]*$/, flowMessagesPtBR.invalidVariableKey);

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'menu',
  'question',
  'condition',
  'set_variable',
  'update_contact',
  'tag',
  'http_request',
  'handoff',
  'go_to_flow',
  'wait',
  'end',
  'ai_assistant',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const QUESTION_VALIDATIONS = ['text', 'email', 'phone', 'number', 'date', 'cpf_cnpj'] as const;
export type QuestionValidation = (typeof QUESTION_VALIDATIONS)[number];

export const CONDITION_SOURCES = ['variable', 'contact', 'custom_field', 'tag', 'office_hours'] as const;
export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'exists',
  'not_exists',
  'greater',
  'less',
] as const;
/** Default contact fields a flow may read and write ("flows updating default fields"). */
export const CONTACT_FIELDS = ['full_name', 'email', 'cel_phone'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const MAX_MENU_OPTIONS = 10;
export const MAX_AI_TURNS = 50;

const media = z.object({ file_path: z.string().min(1), file_type: z.string().min(1), file_name: z.string() });

export const menuOption = z.object({ id: z.string().min(1).max(64), label: text(100) });

export const conditionRule = z.object({
  source: z.enum(CONDITION_SOURCES),
  /** Variable key, contact field, custom field key or tag id; unused for office hours. */
  key: z.string().max(80).default(''),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string().max(500).default(''),
});
export type ConditionRule = z.infer<typeof conditionRule>;

const nodeData = {
  start: z.object({}).passthrough(),
  message: z.object({ text: text(4096), media: media.optional() }),
  menu: z.object({ text: text(4096), options: z.array(menuOption).max(MAX_MENU_OPTIONS) }),
  question: z.object({
    text: text(4096),
    variable: z.union([variableKey, z.literal('')]),
    validate: z.enum(QUESTION_VALIDATIONS).default('text'),
  }),
  condition: z.object({
    match: z.enum(['all', 'any']).default('all'),
    rules: z.array(conditionRule).max(20),
  }),
  set_variable: z.object({ variable: z.union([variableKey, z.literal('')]), value: text(1000) }),
  update_contact: z.object({
    /** A default field (CONTACT_FIELDS) or `custom.<key>` for a custom field. */
    field: z.string().max(80),
    value: text(1000),
  }),
  tag: z.object({ action: z.enum(['add', 'remove']), tag: z.union([objectId, z.literal('')]) }),
  http_request: z.object({
    method: z.enum(HTTP_METHODS).default('GET'),
    url: text(2000),
    headers: z
      .array(z.object({ key: text(200), value: text(2000) }))
      .max(30)
      .default([]),
    body: text(20_000).default(''),
    /** JSON paths of the answer (dot notation, e.g. data.items.0.name) copied into variables. */
    save: z
      .array(z.object({ path: text(200), variable: z.union([variableKey, z.literal('')]) }))
      .max(30)
      .default([]),
  }),
  handoff: z.object({
    department: objectId.nullable().default(null),
    employee: objectId.nullable().default(null),
  }),
  go_to_flow: z.object({ flow: z.union([objectId, z.literal('')]) }),
  wait: z.object({ minutes: z.number().int().min(1).max(43_200) }),
  end: z.object({ text: text(4096).default(''), tabulation: objectId.nullable().default(null) }),
  /**
   * The conversation goes to an AI assistant for up to `max_turns` customer messages, then on through
   * `resolved` (turns used up, or the customer said an exit keyword), `transfer` (the assistant handed off)
   * or `timeout` (the customer went quiet for `timeout_minutes`).
   */
  ai_assistant: z.object({
    assistant: z.union([objectId, z.literal('')]),
    /** Said when the assistant takes over (optional). */
    text: text(4096).default(''),
    max_turns: z.number().int().min(1).max(MAX_AI_TURNS).default(5),
    exit_keywords: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    timeout_minutes: z.number().int().min(1).max(43_200).nullable().default(null),
  }),
} as const satisfies Record<FlowNodeType, z.ZodType>;

export type FlowNodeData = { [K in FlowNodeType]: z.infer<(typeof nodeData)[K]> };

const position = z.object({ x: z.number(), y: z.number() });
const nodeOf = <T extends FlowNodeType>(type: T) =>
  z.object({ id: z.string().min(1).max(64), type: z.literal(type), position, data: nodeData[type] });

export const flowNode = z.discriminatedUnion('type', [
  nodeOf('start'),
  nodeOf('message'),
  nodeOf('menu'),
  nodeOf('question'),
  nodeOf('condition'),
  nodeOf('set_variable'),
  nodeOf('update_contact'),
  nodeOf('tag'),
  nodeOf('http_request'),
  nodeOf('handoff'),
  nodeOf('go_to_flow'),
  nodeOf('wait'),
  nodeOf('end'),
  nodeOf('ai_assistant'),
]);
export type FlowNode = z.infer<typeof flowNode>;
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

export const flowEdge = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z.string().max(64).nullable().optional(),
});
export type FlowEdge = z.infer<typeof flowEdge>;

export const flowGraph = z.object({
  nodes: z.array(flowNode).max(500),
  edges: z.array(flowEdge).max(2000),
});
export type FlowGraph = z.infer<typeof flowGraph>;

/** The handles that leave a node of each kind besides the default one. */
export const HANDLES = {
  invalid: 'invalid',
  true: 'true',
  false: 'false',
  success: 'success',
  error: 'error',
  resolved: 'resolved',
  transfer: 'transfer',
  timeout: 'timeout',
} as const;

/** A new flow: a start node and nothing else. */
export const emptyGraph = (): FlowGraph => ({
  nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }],
  edges: [],
});

/** `{{key}}` references in a text (keys as variables allow, plus dotted contact./custom. ones). */
export const VARIABLE_REFERENCE = /\{\{\s*([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)?)\s*\}\}/g;

export function variableReferences(value: string): string[] {
  return [...value.matchAll(VARIABLE_REFERENCE)].map((match) => match[1] ?? '');
}
