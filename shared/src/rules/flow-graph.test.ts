import { describe, expect, it } from 'vitest';
import { type FlowGraph, type FlowNode, flowGraph } from '../contracts/flows/graph.ts';
import { type FlowValidationContext, validateFlowGraph } from './flow-graph.ts';

const DEPT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const EMP = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const ctx: FlowValidationContext = {
  companyVariables: ['site'],
  customFields: ['cpf'],
  departments: [DEPT],
  employees: [EMP],
  flows: [],
};
const at = { x: 0, y: 0 };
const start: FlowNode = { id: 'start', type: 'start', position: at, data: {} };
const menu = (options: { id: string; label: string }[]): FlowNode => ({
  id: 'menu',
  type: 'menu',
  position: at,
  data: { text: 'Olá {{customer_first_name}}, escolha:', options },
});
const handoff = (id: string, department: string | null, employee: string | null = null): FlowNode => ({
  id,
  type: 'handoff',
  position: at,
  data: { department, employee },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${sourceHandle ?? ''}-${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
const codes = (graph: FlowGraph) =>
  validateFlowGraph(flowGraph.parse(graph), ctx).map((p) => `${p.code}@${p.nodeId ?? ''}`);

describe('validateFlowGraph', () => {
  const valid: FlowGraph = {
    nodes: [
      start,
      menu([
        { id: 'o1', label: 'Vendas' },
        { id: 'o2', label: 'Suporte' },
      ]),
      handoff('h1', DEPT),
      handoff('h2', null, EMP),
    ],
    edges: [edge('start', 'menu'), edge('menu', 'h1', 'o1'), edge('menu', 'h2', 'o2')],
  };

  it.each<[string, FlowGraph, string[]]>([
    ['a wired two-option menu to handoffs is publishable', valid, []],
    [
      'a menu option without an edge',
      { ...valid, edges: valid.edges.filter((e) => e.sourceHandle !== 'o2') },
      ['menu_option_without_edge@menu', 'unreachable@h2'],
    ],
    [
      'an unreachable node',
      {
        nodes: [...valid.nodes, { id: 'm', type: 'message', position: at, data: { text: 'oi' } }],
        edges: [...valid.edges],
      },
      ['unreachable@m', 'missing_next@m'],
    ],
    [
      'an unknown variable',
      {
        nodes: [
          start,
          {
            id: 'm',
            type: 'message',
            position: at,
            data: { text: 'Oi {{apelido}} {{contact.email}} {{custom.cpf}} {{site}}' },
          },
          handoff('h', DEPT),
        ],
        edges: [edge('start', 'm'), edge('m', 'h')],
      },
      ['unknown_variable@m'],
    ],
    [
      'a variable set by a question is known',
      {
        nodes: [
          start,
          {
            id: 'q',
            type: 'question',
            position: at,
            data: { text: 'Nome?', variable: 'apelido', validate: 'text' },
          },
          { id: 'm', type: 'message', position: at, data: { text: 'Oi {{apelido}}' } },
          handoff('h', DEPT),
        ],
        edges: [edge('start', 'q'), edge('q', 'm'), edge('m', 'h')],
      },
      [],
    ],
    [
      'a dangling handoff (no target, or a deleted department)',
      {
        nodes: [
          start,
          menu([
            { id: 'o1', label: 'A' },
            { id: 'o2', label: 'B' },
          ]),
          handoff('h1', null),
          handoff('h2', 'cccccccccccccccccccccccc'),
        ],
        edges: [edge('start', 'menu'), edge('menu', 'h1', 'o1'), edge('menu', 'h2', 'o2')],
      },
      ['dangling_handoff@h1', 'dangling_handoff@h2'],
    ],
    ['no start node', { nodes: [handoff('h', DEPT)], edges: [] }, ['missing_start@']],
    [
      'a condition needs both branches',
      {
        nodes: [
          start,
          {
            id: 'c',
            type: 'condition',
            position: at,
            data: {
              match: 'all',
              rules: [{ source: 'office_hours', key: '', operator: 'equals', value: '' }],
            },
          },
          handoff('h', DEPT),
        ],
        edges: [edge('start', 'c'), edge('c', 'h', 'true')],
      },
      ['missing_next@c'],
    ],
  ])('%s', (_, graph, expected) => {
    expect(codes(graph)).toEqual(expected);
  });

  it('names the option label in pt-BR', () => {
    const problems = validateFlowGraph(
      flowGraph.parse({ ...valid, edges: valid.edges.filter((e) => e.sourceHandle !== 'o2') }),
      ctx,
    );
    expect(problems.find((problem) => problem.code === 'menu_option_without_edge')).toMatchObject({
      optionId: 'o2',
      message: 'A opção "Suporte" do menu não leva a nenhum bloco.',
    });
  });
});

describe('validateFlowGraph: the AI assistant block', () => {
  const ASSISTANT = 'cccccccccccccccccccccccc';
  const ai = (assistant: string, timeout: number | null): FlowNode => ({
    id: 'ai',
    type: 'ai_assistant',
    position: at,
    data: { assistant, text: '', max_turns: 3, exit_keywords: [], timeout_minutes: timeout },
  });
  const graph = (node: FlowNode, handles: string[]): FlowGraph => ({
    nodes: [start, node, handoff('h1', DEPT)],
    edges: [edge('start', 'ai'), ...handles.map((handle) => edge('ai', 'h1', handle))],
  });
  const check = (value: FlowGraph, assistants: string[]) =>
    validateFlowGraph(flowGraph.parse(value), { ...ctx, assistants }).map((p) => `${p.code}@${p.nodeId}`);

  it('needs an existing assistant of the company', () => {
    expect(check(graph(ai(ASSISTANT, null), ['resolved', 'transfer']), [ASSISTANT])).toEqual([]);
    expect(check(graph(ai(ASSISTANT, null), ['resolved', 'transfer']), [])).toEqual(['missing_assistant@ai']);
    expect(check(graph(ai('', null), ['resolved', 'transfer']), [ASSISTANT])).toEqual([
      'missing_assistant@ai',
    ]);
  });

  it('needs its resolved and transfer outputs wired, and the timeout one only with a timeout', () => {
    expect(check(graph(ai(ASSISTANT, null), ['resolved']), [ASSISTANT])).toEqual(['missing_next@ai']);
    expect(check(graph(ai(ASSISTANT, 30), ['resolved', 'transfer']), [ASSISTANT])).toEqual([
      'missing_next@ai',
    ]);
    expect(check(graph(ai(ASSISTANT, 30), ['resolved', 'transfer', 'timeout']), [ASSISTANT])).toEqual([]);
  });
});
