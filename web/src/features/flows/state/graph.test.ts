import type { Edge, Node } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { defaultData, pruneEdges, sourceHandles, toGraph, withoutSelectedEdges } from './graph.ts';

const at = { x: 0, y: 0 };
const menu: Node = {
  id: 'm',
  type: 'menu',
  position: at,
  data: { text: 'Escolha', options: [{ id: 'a', label: 'A' }] },
  selected: true,
};
const end: Node = { id: 'e', type: 'end', position: at, data: { text: '', tabulation: null } };

describe('builder graph helpers', () => {
  it('gives menus one handle per option plus invalid, and terminal nodes none', () => {
    expect(sourceHandles({ type: 'menu', data: menu.data as never })).toEqual(['a', 'invalid']);
    expect(sourceHandles({ type: 'end', data: end.data as never })).toEqual([]);
    expect(sourceHandles({ type: 'message', data: { text: '' } })).toEqual([undefined]);
  });

  it('gives the AI assistant block resolved and transfer outputs, and timeout only with a timeout', () => {
    const data = defaultData('ai_assistant', () => 'x');
    expect(sourceHandles({ type: 'ai_assistant', data: data as never })).toEqual(['resolved', 'transfer']);
    expect(sourceHandles({ type: 'ai_assistant', data: { ...data, timeout_minutes: 10 } as never })).toEqual([
      'resolved',
      'transfer',
      'timeout',
    ]);
  });

  it('drops edges of removed options and turns the canvas into the API graph', () => {
    const edges: Edge[] = [
      { id: '1', source: 'm', target: 'e', sourceHandle: 'a' },
      { id: '2', source: 'm', target: 'e', sourceHandle: 'gone' },
    ];
    const kept = pruneEdges([menu, end], edges);
    expect(kept.map((edge) => edge.id)).toEqual(['1']);
    expect(toGraph([menu, end], kept)).toEqual({
      nodes: [
        {
          id: 'm',
          type: 'menu',
          position: at,
          data: { text: 'Escolha', options: [{ id: 'a', label: 'A' }] },
        },
        { id: 'e', type: 'end', position: at, data: { text: '', tabulation: null } },
      ],
      edges: [{ id: '1', source: 'm', target: 'e', sourceHandle: 'a' }],
    });
  });

  it('starts a palette menu with one option', () => {
    expect(defaultData('menu', () => 'o1')).toEqual({ text: '', options: [{ id: 'o1', label: '' }] });
  });

  it('deletes only the selected connections, never a block or its other edges', () => {
    const edges: Edge[] = [
      { id: 'e1', source: 'm', target: 'e', sourceHandle: 'a', selected: true },
      { id: 'e2', source: 'm', target: 'e', sourceHandle: 'invalid' },
    ];
    expect(withoutSelectedEdges(edges).map((edge) => edge.id)).toEqual(['e2']);
    expect(withoutSelectedEdges([])).toEqual([]);
  });
});
