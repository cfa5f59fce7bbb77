import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flowsApi } from '../api/flows-api.ts';
import { pruneEdges, toGraph, withoutSelectedEdges } from '../state/graph.ts';

export type SaveState = 'saved' | 'saving' | 'failed';
const AUTOSAVE_MS = 700;

/**
 * The canvas's nodes and edges, loaded from the flow's draft and saved back shortly after each change that
 * alters the graph (selection and hover changes do not). `flush` saves now (before publish or simulate).
 */
export function useDraft(flowId: string, initial: FlowGraph | undefined) {
  const [nodes, setNodes] = useState<Node[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  const [state, setState] = useState<SaveState>('saved');
  const saved = useRef<string>('');
  const loadedFor = useRef<string | undefined>(undefined);

  const load = useCallback((graph: FlowGraph) => {
    setNodes(graph.nodes.map((node) => ({ ...node, data: node.data as Record<string, unknown> })));
    setEdges(graph.edges.map((edge) => ({ ...edge, sourceHandle: edge.sourceHandle ?? null })));
    saved.current = JSON.stringify(graph);
  }, []);

  useEffect(() => {
    if (initial && loadedFor.current !== flowId) {
      loadedFor.current = flowId;
      load(initial);
    }
  }, [flowId, initial, load]);

  const flush = useCallback(async () => {
    const graph = toGraph(nodes, edges);
    if (!graph) return;
    const text = JSON.stringify(graph);
    if (text === saved.current) return;
    setState('saving');
    try {
      await flowsApi.saveDraft(flowId, graph);
      saved.current = text;
      setState('saved');
    } catch {
      setState('failed');
    }
  }, [flowId, nodes, edges]);

  useEffect(() => {
    if (!loadedFor.current) return undefined;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [flush]);

  return {
    nodes,
    edges,
    state,
    flush,
    load,
    onNodesChange: (changes: NodeChange[]) => setNodes((current) => applyNodeChanges(changes, current)),
    onEdgesChange: (changes: EdgeChange[]) => setEdges((current) => applyEdgeChanges(changes, current)),
    onConnect: (connection: Connection) =>
      setEdges((current) =>
        // One edge per source handle: a new connection from a handle replaces the old one.
        addEdge(
          {
            ...connection,
            id: `e-${connection.source}-${connection.sourceHandle ?? 'next'}-${connection.target}`,
          },
          current.filter(
            (edge) =>
              !(
                edge.source === connection.source &&
                (edge.sourceHandle ?? null) === (connection.sourceHandle ?? null)
              ),
          ),
        ),
      ),
    addNode: (node: Node) =>
      setNodes((current) => [...current.map((item) => ({ ...item, selected: false })), node]),
    updateData: (id: string, data: Record<string, unknown>) =>
      setNodes((current) => {
        const next = current.map((node) => (node.id === id ? { ...node, data } : node));
        setEdges((currentEdges) => pruneEdges(next, currentEdges));
        return next;
      }),
    hasSelectedEdge: edges.some((edge) => edge.selected),
    removeSelectedEdges: () => setEdges((current) => withoutSelectedEdges(current)),
    removeNode: (id: string) => {
      setNodes((current) => current.filter((node) => node.id !== id));
      setEdges((current) => current.filter((edge) => edge.source !== id && edge.target !== id));
    },
  };
}
