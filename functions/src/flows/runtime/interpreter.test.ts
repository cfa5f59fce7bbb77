import type { FlowGraph, FlowNode } from '@atende/shared/contracts/flows/graph';
import { describe, expect, it } from 'vitest';
import { advance, type BotContext, type BotEffects, type BotSession, type HttpCall } from './interpreter.ts';

const at = { x: 0, y: 0 };
const node = (id: string, type: FlowNode['type'], data: unknown) =>
  ({ id, type, position: at, data }) as FlowNode;
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}>${sourceHandle ?? ''}>${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
const chain = (...nodes: FlowNode[]): FlowGraph => ({
  nodes: [node('start', 'start', {}), ...nodes],
  edges: ['start', ...nodes.map((item) => item.id)]
    .slice(0, -1)
    .map((id, index) => edge(id, nodes[index]?.id ?? '')),
});
const fresh: BotSession = {
  flow: 'f',
  version: 1,
  node: null,
  variables: {},
  invalid: 0,
  resume_at: null,
  done: false,
};

function context(graph: FlowGraph, overrides: Partial<BotContext> = {}) {
  const calls: string[] = [];
  const effects: BotEffects = {
    loadFlow: async (id) =>
      id === 'other'
        ? {
            version: 3,
            graph: chain(
              node('m2', 'message', { text: 'Outro fluxo' }),
              node('x', 'end', { text: '', tabulation: null }),
            ),
          }
        : undefined,
    http: async (call: HttpCall) => {
      calls.push(`${call.method} ${call.url} ${call.body}`);
      return call.url.includes('falha')
        ? { ok: false, json: undefined }
        : { ok: true, json: { data: { name: 'Ana', items: [{ id: 7 }] } } };
    },
    updateContact: async (field, value) => void calls.push(`contact ${field}=${value}`),
    tag: async (action, tag) => void calls.push(`tag ${action} ${tag}`),
    // A stand-in assistant: hands off when asked for a person, else answers the question back.
    assistant: async (assistantId, text) => {
      calls.push(`assistant ${assistantId} ${text}`);
      return /atendente/.test(text)
        ? { handoff: true, outputs: [{ kind: 'text', text: 'Transferindo' }] }
        : {
            handoff: false,
            outputs: [
              { kind: 'text', text: `R: ${text}` },
              { kind: 'note', text: 'nota' },
            ],
          };
    },
  };
  const ctx: BotContext = {
    graph,
    lookup: (key) =>
      ({ customer_first_name: 'Maria', 'contact.email': 'maria@x.com', company_name: 'Loja' })[key],
    tags: ['t1'],
    withinOfficeHours: true,
    invalidLimit: undefined,
    effects,
    ...overrides,
  };
  return { ctx, calls };
}

const texts = (outputs: { kind: string; text?: string }[]) =>
  outputs.map((output) => output.text ?? output.kind);
const menu = node('menu', 'menu', {
  text: 'Olá {{customer_first_name}}',
  options: [
    { id: 'a', label: 'Orçamento' },
    { id: 'b', label: 'Suporte técnico' },
  ],
});
const menuGraph: FlowGraph = {
  nodes: [
    node('start', 'start', {}),
    menu,
    node('ha', 'handoff', { department: 'dA', employee: null }),
    node('hb', 'handoff', { department: 'dB', employee: null }),
  ],
  edges: [edge('start', 'menu'), edge('menu', 'ha', 'a'), edge('menu', 'hb', 'b')],
};

describe('bot interpreter, per node type', () => {
  it.each<[string, FlowGraph, string[], string[]]>([
    [
      'message resolves variables and end closes',
      chain(
        node('m', 'message', { text: 'Oi {{customer_first_name}} da {{company_name}}' }),
        node('e', 'end', { text: 'Tchau', tabulation: null }),
      ),
      ['Oi Maria da Loja', 'Tchau', 'end'],
      [],
    ],
    [
      'set_variable then message',
      chain(
        node('s', 'set_variable', { variable: 'x', value: '{{contact.email}}' }),
        node('m', 'message', { text: 'E-mail {{x}}' }),
        node('h', 'handoff', { department: null, employee: 'e1' }),
      ),
      ['E-mail maria@x.com', 'handoff'],
      [],
    ],
    [
      'update_contact and tag call their effects',
      chain(
        node('u', 'update_contact', { field: 'full_name', value: '{{customer_first_name}} S.' }),
        node('t', 'tag', { action: 'add', tag: 't9' }),
        node('e', 'end', { text: '', tabulation: null }),
      ),
      ['end'],
      ['contact full_name=Maria S.', 'tag add t9'],
    ],
    [
      'go_to_flow continues in the other flow',
      chain(node('g', 'go_to_flow', { flow: 'other' })),
      ['Outro fluxo', 'end'],
      [],
    ],
    [
      'go_to_flow to a missing flow falls back to the queue',
      chain(node('g', 'go_to_flow', { flow: 'gone' })),
      ['handoff'],
      [],
    ],
    [
      'a node without a next edge falls back to the queue',
      chain(node('m', 'message', { text: 'só isso' })),
      ['só isso', 'handoff'],
      [],
    ],
  ])('%s', async (_, graph, expected, effects) => {
    const { ctx, calls } = context(graph);
    const result = await advance(ctx, fresh);
    expect(texts(result.outputs)).toEqual(expected);
    expect(calls).toEqual(effects);
    expect(result.session.done).toBe(true);
  });

  it.each<[string, { text?: string; buttonId?: string }, string]>([
    ['by number', { text: '2' }, 'dB'],
    ['by label ignoring accents and case', { text: 'suporte TECNICO' }, 'dB'],
    ['by button id', { buttonId: 'a' }, 'dA'],
  ])('menu answered %s', async (_, input, department) => {
    const { ctx } = context(menuGraph);
    const first = await advance(ctx, fresh);
    expect(first.outputs).toEqual([
      {
        kind: 'text',
        text: 'Olá Maria',
        options: [
          { id: 'a', label: 'Orçamento' },
          { id: 'b', label: 'Suporte técnico' },
        ],
      },
    ]);
    expect(first.session.node).toBe('menu');
    const answer = await advance(ctx, first.session, input);
    expect(answer.outputs).toEqual([{ kind: 'handoff', department, employee: null }]);
  });

  it('an invalid menu answer repeats the menu, and the company limit sends it to its outcome', async () => {
    const { ctx } = context(menuGraph, {
      invalidLimit: { limit: 2, outcome: { kind: 'department', department: 'dX' } },
    });
    const first = await advance(ctx, fresh);
    const wrong = await advance(ctx, first.session, { text: '7' });
    expect(texts(wrong.outputs)).toEqual([
      'Opção inválida. Responda com o número ou o nome de uma das opções.',
      'Olá Maria',
    ]);
    expect(wrong.session).toMatchObject({ invalid: 1, node: 'menu' });
    const again = await advance(ctx, wrong.session, { text: 'nada' });
    expect(again.outputs).toEqual([{ kind: 'handoff', department: 'dX', employee: null }]);
  });

  it('an invalid answer follows the invalid handle when the menu has one', async () => {
    const graph: FlowGraph = {
      ...menuGraph,
      nodes: [...menuGraph.nodes, node('inv', 'end', { text: 'Encerrando', tabulation: null })],
      edges: [...menuGraph.edges, edge('menu', 'inv', 'invalid')],
    };
    const { ctx } = context(graph);
    const result = await advance(ctx, (await advance(ctx, fresh)).session, { text: '??' });
    expect(texts(result.outputs)).toEqual(['Encerrando', 'end']);
  });

  it.each<[string, string, string | undefined]>([
    ['email', 'Maria@Exemplo.com', 'maria@exemplo.com'],
    ['email', 'maria@', undefined],
    ['phone', '(85) 98888-7777', '+5585988887777'],
    ['phone', '123', undefined],
    ['number', '1.234,5', '1234.5'],
    ['number', 'dez', undefined],
    ['date', '31/12/2026', '31/12/2026'],
    ['date', '31/02/2026', undefined],
    ['cpf_cnpj', '529.982.247-25', '52998224725'],
    ['cpf_cnpj', '111.111.111-11', undefined],
    ['cpf_cnpj', '11.222.333/0001-81', '11222333000181'],
    ['text', '  qualquer coisa ', 'qualquer coisa'],
  ])('question validating %s: %s', async (validate, answer, stored) => {
    const graph = chain(
      node('q', 'question', { text: 'Diga', variable: 'v', validate }),
      node('m', 'message', { text: 'Recebi {{v}}' }),
      node('e', 'end', { text: '', tabulation: null }),
    );
    const { ctx } = context(graph);
    const asked = await advance(ctx, fresh);
    const result = await advance(ctx, asked.session, { text: answer });
    if (stored === undefined) {
      expect(result.session).toMatchObject({ node: 'q', invalid: 1 });
      expect(result.outputs).toHaveLength(1);
    } else {
      expect(result.session.variables.v).toBe(stored);
      expect(texts(result.outputs)).toEqual([`Recebi ${stored}`, 'end']);
    }
  });

  it.each<[string, object, string]>([
    [
      'variable equals (accent-insensitive)',
      { source: 'contact', key: 'email', operator: 'equals', value: 'MARIA@x.com' },
      'sim',
    ],
    ['tag present', { source: 'tag', key: 't1', operator: 'exists', value: '' }, 'sim'],
    ['tag absent', { source: 'tag', key: 't2', operator: 'exists', value: '' }, 'não'],
    ['office hours', { source: 'office_hours', key: '', operator: 'equals', value: '' }, 'sim'],
    ['number greater', { source: 'variable', key: 'company_name', operator: 'greater', value: '3' }, 'não'],
  ])('condition: %s', async (_, rule, branch) => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start', {}),
        node('c', 'condition', { match: 'all', rules: [rule] }),
        node('y', 'end', { text: 'sim', tabulation: null }),
        node('n', 'end', { text: 'não', tabulation: null }),
      ],
      edges: [edge('start', 'c'), edge('c', 'y', 'true'), edge('c', 'n', 'false')],
    };
    const { ctx } = context(graph);
    expect(texts((await advance(ctx, fresh)).outputs)[0]).toBe(branch);
  });

  it('http_request saves JSON paths into variables and takes the success or error handle', async () => {
    const request = (url: string): FlowGraph => ({
      nodes: [
        node('start', 'start', {}),
        node('h', 'http_request', {
          method: 'POST',
          url,
          headers: [],
          body: '{"n":"{{customer_first_name}}"}',
          save: [
            { path: 'data.name', variable: 'nome' },
            { path: 'data.items.0.id', variable: 'id' },
          ],
        }),
        node('ok', 'end', { text: '{{nome}} {{id}}', tabulation: null }),
        node('err', 'end', { text: 'erro', tabulation: null }),
      ],
      edges: [edge('start', 'h'), edge('h', 'ok', 'success'), edge('h', 'err', 'error')],
    });
    const { ctx, calls } = context(request('https://api.exemplo.com/x'));
    expect(texts((await advance(ctx, fresh)).outputs)).toEqual(['Ana 7', 'end']);
    expect(calls).toEqual(['POST https://api.exemplo.com/x {"n":"Maria"}']);
    const failing = context(request('https://api.exemplo.com/falha'));
    expect(texts((await advance(failing.ctx, fresh)).outputs)).toEqual(['erro', 'end']);
  });

  it('wait holds the bot (messages meanwhile do nothing) until the schedule resumes it', async () => {
    const graph = chain(
      node('w', 'wait', { minutes: 5 }),
      node('m', 'message', { text: 'Voltei' }),
      node('e', 'end', { text: '', tabulation: null }),
    );
    const { ctx } = context(graph);
    const waiting = await advance(ctx, fresh);
    expect(waiting.session.node).toBe('w');
    expect(Date.parse(waiting.session.resume_at ?? '') - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await advance(ctx, waiting.session, { text: 'oi?' })).outputs).toEqual([]);
    expect(texts((await advance(ctx, waiting.session)).outputs)).toEqual(['Voltei', 'end']);
  });

  it('a loop with no waiting node is cut and handed to the queue', async () => {
    const graph: FlowGraph = {
      nodes: [node('start', 'start', {}), node('s', 'set_variable', { variable: 'x', value: '1' })],
      edges: [edge('start', 's'), edge('s', 's')],
    };
    const { ctx } = context(graph);
    expect((await advance(ctx, fresh)).outputs).toEqual([
      { kind: 'handoff', department: null, employee: null },
    ]);
  });

  describe('ai_assistant', () => {
    const aiGraph = (data: Record<string, unknown>): FlowGraph => ({
      nodes: [
        node('start', 'start', {}),
        node('ai', 'ai_assistant', {
          assistant: 'a1',
          text: 'Olá {{customer_first_name}}, pergunte',
          max_turns: 2,
          exit_keywords: ['obrigado'],
          timeout_minutes: null,
          ...data,
        }),
        node('ok', 'end', { text: 'Resolvido', tabulation: null }),
        node('tr', 'handoff', { department: null, employee: null }),
        node('to', 'end', { text: 'Sem resposta', tabulation: null }),
      ],
      edges: [
        edge('start', 'ai'),
        edge('ai', 'ok', 'resolved'),
        edge('ai', 'tr', 'transfer'),
        edge('ai', 'to', 'timeout'),
      ],
    });

    it('answers through the assistant for its turns, then leaves through resolved', async () => {
      const { ctx, calls } = context(aiGraph({}));
      const entered = await advance(ctx, fresh);
      expect(texts(entered.outputs)).toEqual(['Olá Maria, pergunte']);
      expect(entered.session).toMatchObject({ node: 'ai', turns: 0, resume_at: null });
      const first = await advance(ctx, entered.session, { text: 'Qual o preço?' });
      expect(texts(first.outputs)).toEqual(['R: Qual o preço?', 'nota']);
      expect(first.session).toMatchObject({ node: 'ai', turns: 1, done: false });
      const second = await advance(ctx, first.session, { text: 'E o prazo?' });
      expect(texts(second.outputs)).toEqual(['R: E o prazo?', 'nota', 'Resolvido', 'end']);
      expect(second.session.done).toBe(true);
      expect(calls).toEqual(['assistant a1 Qual o preço?', 'assistant a1 E o prazo?']);
    });

    it('leaves through transfer when the assistant hands off, and through resolved on an exit keyword', async () => {
      const { ctx, calls } = context(aiGraph({}));
      const entered = await advance(ctx, fresh);
      const handed = await advance(ctx, entered.session, { text: 'quero um atendente' });
      expect(handed.outputs).toEqual([
        { kind: 'text', text: 'Transferindo' },
        { kind: 'handoff', department: null, employee: null },
      ]);
      const thanked = await advance(ctx, entered.session, { text: 'Muito OBRIGADO!' });
      expect(texts(thanked.outputs)).toEqual(['Resolvido', 'end']);
      // The exit keyword never reaches the assistant.
      expect(calls).toEqual(['assistant a1 quero um atendente']);
    });

    it('waits for the customer until the timeout, which the schedule resumes through timeout', async () => {
      const { ctx } = context(aiGraph({ timeout_minutes: 10 }));
      const entered = await advance(ctx, fresh);
      expect(Date.parse(entered.session.resume_at ?? '') - Date.now()).toBeGreaterThan(9 * 60_000);
      const media = await advance(ctx, entered.session, {});
      expect(media.outputs).toEqual([]);
      expect(texts((await advance(ctx, entered.session)).outputs)).toEqual(['Sem resposta', 'end']);
      const noTimeout = context(aiGraph({}));
      const idle = await advance(noTimeout.ctx, (await advance(noTimeout.ctx, fresh)).session);
      expect(idle.outputs).toEqual([]);
    });
  });
});
