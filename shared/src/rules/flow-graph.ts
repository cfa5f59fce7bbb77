import {
  CONTACT_FIELDS,
  type FlowGraph,
  type FlowNode,
  HANDLES,
  variableReferences,
} from '../contracts/flows/graph.ts';
import { DEFAULT_VARIABLES } from '../contracts/variables/views.ts';
import { flowProblemsPtBR } from '../i18n/pt-BR-flows.ts';
import { isUrl } from './formats.ts';

/** A reason a graph cannot be published, pointing at the node (and option) to fix. */
export interface FlowProblem {
  code:
    | 'missing_start'
    | 'edge_to_missing_node'
    | 'unreachable'
    | 'menu_option_without_edge'
    | 'menu_without_options'
    | 'unknown_variable'
    | 'dangling_handoff'
    | 'empty_text'
    | 'missing_variable'
    | 'missing_next'
    | 'invalid_url'
    | 'missing_flow'
    | 'missing_tag'
    | 'missing_field'
    | 'missing_assistant';
  nodeId?: string;
  optionId?: string;
  message: string;
}

/** What exists outside the graph, for the references in it. */
export interface FlowValidationContext {
  /** Company variables (custom ones) by key. */
  companyVariables: readonly string[];
  customFields: readonly string[];
  departments: readonly string[];
  employees: readonly string[];
  /** Flows a go_to_flow node may name (this company's other flows). */
  flows: readonly string[];
  /** AI assistants an ai_assistant node may name (this company's). */
  assistants?: readonly string[];
}

const p = flowProblemsPtBR;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Variables a node defines for the nodes after it. */
export function definedVariables(node: FlowNode): string[] {
  switch (node.type) {
    case 'question':
    case 'set_variable':
      return node.data.variable ? [node.data.variable] : [];
    case 'http_request':
      return node.data.save.map((entry) => entry.variable).filter(Boolean);
    default:
      return [];
  }
}

/** Every text of a node that may hold `{{variable}}` references. */
export function nodeTexts(node: FlowNode): string[] {
  switch (node.type) {
    case 'message':
    case 'menu':
    case 'question':
      return [node.data.text];
    case 'set_variable':
    case 'update_contact':
      return [node.data.value];
    case 'http_request':
      return [
        node.data.url,
        node.data.body,
        ...node.data.headers.flatMap((header) => [header.key, header.value]),
      ];
    case 'end':
    case 'ai_assistant':
      return [node.data.text];
    case 'condition':
      return node.data.rules.map((rule) => rule.value);
    default:
      return [];
  }
}

/** Whether a `{{reference}}` names something the runtime can resolve. */
export function isKnownVariable(
  reference: string,
  flowVariables: ReadonlySet<string>,
  ctx: FlowValidationContext,
) {
  const [head, tail] = reference.split('.');
  if (tail !== undefined) {
    if (head === 'contact') return (CONTACT_FIELDS as readonly string[]).includes(tail);
    if (head === 'custom') return ctx.customFields.includes(tail);
    return false;
  }
  return (
    (DEFAULT_VARIABLES as readonly string[]).includes(reference) ||
    ctx.companyVariables.includes(reference) ||
    flowVariables.has(reference)
  );
}

const hasNext = (graph: FlowGraph, nodeId: string, handle?: string) =>
  graph.edges.some(
    (edge) => edge.source === nodeId && (handle === undefined || (edge.sourceHandle ?? null) === handle),
  );

/** Terminal nodes need no outgoing edge; the others must lead somewhere. */
const TERMINAL = new Set<FlowNode['type']>(['handoff', 'go_to_flow', 'end']);

function nodeProblems(node: FlowNode, graph: FlowGraph, ctx: FlowValidationContext): FlowProblem[] {
  const at = (code: FlowProblem['code'], message: string, optionId?: string): FlowProblem => ({
    code,
    nodeId: node.id,
    ...(optionId ? { optionId } : {}),
    message,
  });
  const problems: FlowProblem[] = [];
  if (
    (node.type === 'message' || node.type === 'menu' || node.type === 'question') &&
    !node.data.text.trim()
  ) {
    if (!(node.type === 'message' && node.data.media)) problems.push(at('empty_text', p.emptyText));
  }
  switch (node.type) {
    case 'menu':
      if (node.data.options.length === 0) problems.push(at('menu_without_options', p.menuWithoutOptions));
      for (const option of node.data.options) {
        if (!hasNext(graph, node.id, option.id))
          problems.push(
            at('menu_option_without_edge', fill(p.menuOptionWithoutEdge, { label: option.label }), option.id),
          );
      }
      return problems;
    case 'question':
    case 'set_variable':
      if (!node.data.variable) problems.push(at('missing_variable', p.missingVariable));
      break;
    case 'handoff': {
      const { department, employee } = node.data;
      const known =
        (department !== null && ctx.departments.includes(department)) ||
        (employee !== null && ctx.employees.includes(employee));
      const broken =
        (department !== null && !ctx.departments.includes(department)) ||
        (employee !== null && !ctx.employees.includes(employee));
      if (!known || broken) problems.push(at('dangling_handoff', p.danglingHandoff));
      return problems;
    }
    case 'go_to_flow':
      if (!node.data.flow || !ctx.flows.includes(node.data.flow))
        problems.push(at('missing_flow', p.missingFlow));
      return problems;
    case 'http_request':
      // The URL may be built from variables; only a literal one can be checked before running.
      if (!node.data.url.includes('{{') && !isUrl(node.data.url))
        problems.push(at('invalid_url', p.invalidUrl));
      break;
    case 'tag':
      if (!node.data.tag) problems.push(at('missing_tag', p.missingTag));
      break;
    case 'update_contact': {
      const field = node.data.field;
      const ok =
        (CONTACT_FIELDS as readonly string[]).includes(field) ||
        (field.startsWith('custom.') && ctx.customFields.includes(field.slice('custom.'.length)));
      if (!ok) problems.push(at('missing_field', p.missingField));
      break;
    }
    case 'ai_assistant':
      if (!node.data.assistant || !(ctx.assistants ?? []).includes(node.data.assistant))
        problems.push(at('missing_assistant', p.missingAssistant));
      break;
    default:
      break;
  }
  if (TERMINAL.has(node.type)) return problems;
  const needs =
    node.type === 'condition'
      ? [HANDLES.true, HANDLES.false]
      : node.type === 'http_request'
        ? [HANDLES.success, HANDLES.error]
        : node.type === 'ai_assistant'
          ? [
              HANDLES.resolved,
              HANDLES.transfer,
              ...(node.data.timeout_minutes !== null ? [HANDLES.timeout] : []),
            ]
          : [undefined];
  if (needs.some((handle) => !hasNext(graph, node.id, handle)))
    problems.push(at('missing_next', p.missingNext));
  return problems;
}

/**
 * Publish-time check of a graph: one start, every node reachable from it, every menu option wired, every
 * `{{variable}}` known (defaults, company variables, contact and custom fields, or set somewhere in the flow),
 * every handoff pointing at an existing department or employee. An empty list means publishable.
 */
export function validateFlowGraph(graph: FlowGraph, ctx: FlowValidationContext): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const starts = graph.nodes.filter((node) => node.type === 'start');
  if (starts.length !== 1) problems.push({ code: 'missing_start', message: p.missingStart });
  for (const edge of graph.edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) {
      problems.push({ code: 'edge_to_missing_node', nodeId: edge.source, message: p.edgeToMissingNode });
    }
  }
  const reached = new Set<string>();
  const pending = starts.map((node) => node.id);
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const edge of graph.edges)
      if (edge.source === id && byId.has(edge.target)) pending.push(edge.target);
  }
  const flowVariables = new Set(graph.nodes.flatMap(definedVariables));
  for (const node of graph.nodes) {
    if (starts.length === 1 && !reached.has(node.id)) {
      problems.push({ code: 'unreachable', nodeId: node.id, message: p.unreachable });
    }
    problems.push(...nodeProblems(node, graph, ctx));
    for (const reference of new Set(nodeTexts(node).flatMap(variableReferences))) {
      if (!isKnownVariable(reference, flowVariables, ctx)) {
        problems.push({
          code: 'unknown_variable',
          nodeId: node.id,
          message: fill(p.unknownVariable, { variable: `{{${reference}}}` }),
        });
      }
    }
  }
  return problems;
}
