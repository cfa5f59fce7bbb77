import {
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
  flowGraph,
  HANDLES,
} from '@atende/shared/contracts/flows/graph';
import type { Edge, Node } from '@xyflow/react';

/** Fresh data for a node dropped from the palette. */
export function defaultData(type: FlowNodeType, optionSeed: () => string): FlowNode['data'] {
  switch (type) {
    case 'start':
      return {};
    case 'message':
      return { text: '' };
    case 'menu':
      return { text: '', options: [{ id: optionSeed(), label: '' }] };
    case 'question':
      return { text: '', variable: '', validate: 'text' };
    case 'condition':
      return { match: 'all', rules: [] };
    case 'set_variable':
      return { variable: '', value: '' };
    case 'update_contact':
      return { field: 'full_name', value: '' };
    case 'tag':
      return { action: 'add', tag: '' };
    case 'http_request':
      return { method: 'GET', url: '', headers: [], body: '', save: [] };
    case 'handoff':
      return { department: null, employee: null };
    case 'go_to_flow':
      return { flow: '' };
    case 'wait':
      return { minutes: 60 };
    case 'end':
      return { text: '', tabulation: null };
    case 'ai_assistant':
      return { assistant: '', text: '', max_turns: 5, exit_keywords: [], timeout_minutes: null };
  }
}

/** The source handles a node offers, besides the unnamed default one (undefined). */
export function sourceHandles(node: Pick<FlowNode, 'type' | 'data'>): (string | undefined)[] {
  switch (node.type) {
    case 'menu':
      return [
        ...(node.data as { options: { id: string }[] }).options.map((option) => option.id),
        HANDLES.invalid,
      ];
    case 'question':
      return [undefined, HANDLES.invalid];
    case 'condition':
      return [HANDLES.true, HANDLES.false];
    case 'http_request':
      return [HANDLES.success, HANDLES.error];
    case 'ai_assistant':
      return [
        HANDLES.resolved,
        HANDLES.transfer,
        ...((node.data as { timeout_minutes: number | null }).timeout_minutes !== null
          ? [HANDLES.timeout]
          : []),
      ];
    case 'handoff':
    case 'go_to_flow':
    case 'end':
      return [];
    default:
      return [undefined];
  }
}

/** The canvas's nodes and edges as the API's graph (React Flow's extra fields are dropped by the schema). */
export function toGraph(nodes: readonly Node[], edges: readonly Edge[]): FlowGraph | undefined {
  const parsed = flowGraph.safeParse({
    nodes: nodes.map((node) => ({ id: node.id, type: node.type, position: node.position, data: node.data })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle } : {}),
    })),
  });
  return parsed.success ? parsed.data : undefined;
}

/** Edges whose source handle no longer exists (a removed menu option) are dropped with it. */
export function pruneEdges(nodes: readonly Node[], edges: readonly Edge[]): Edge[] {
  const handles = new Map(
    nodes.map((node) => [
      node.id,
      sourceHandles(node as unknown as FlowNode).map((handle) => handle ?? null),
    ]),
  );
  const ids = new Set(nodes.map((node) => node.id));
  return edges.filter(
    (edge) => ids.has(edge.target) && (handles.get(edge.source) ?? []).includes(edge.sourceHandle ?? null),
  );
}

/**
 * The edges left after the builder deletes the selected connections: only edges the admin selected go, never
 * a node, nor the edges a selected node happens to have.
 */
export const withoutSelectedEdges = (edges: readonly Edge[]): Edge[] =>
  edges.filter((edge) => !edge.selected);
