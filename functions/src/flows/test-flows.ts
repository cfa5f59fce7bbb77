import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import type { Inbox } from '../conversations/test-inbox.ts';

/** Test support: a published-ready two-option menu handing off to the test inbox's departments. */
const at = { x: 0, y: 0 };

export const menuFlow = (inbox: Inbox, text = 'Escolha uma opção:'): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: at, data: {} },
    {
      id: 'menu',
      type: 'menu',
      position: at,
      data: {
        text,
        options: [
          { id: 'o1', label: 'Vendas' },
          { id: 'o2', label: 'Suporte' },
        ],
      },
    },
    { id: 'h1', type: 'handoff', position: at, data: { department: inbox.sales, employee: null } },
    { id: 'h2', type: 'handoff', position: at, data: { department: inbox.support, employee: null } },
  ],
  edges: [
    { id: 'e0', source: 'start', target: 'menu' },
    { id: 'e1', source: 'menu', target: 'h1', sourceHandle: 'o1' },
    { id: 'e2', source: 'menu', target: 'h2', sourceHandle: 'o2' },
  ],
});
