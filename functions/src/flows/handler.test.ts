import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { deleteFlow } from '@atende/shared/contracts/flows/delete-flow';
import { duplicateFlow } from '@atende/shared/contracts/flows/duplicate-flow';
import { getFlow } from '@atende/shared/contracts/flows/get-flow';
import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { listFlows } from '@atende/shared/contracts/flows/list-flows';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { restoreFlowVersion } from '@atende/shared/contracts/flows/restore-flow-version';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import { setChannelFlow } from '@atende/shared/contracts/flows/set-channel-flow';
import {
  type SimulateFlowResponse,
  simulateFlow,
  testFlowRequest,
} from '@atende/shared/contracts/flows/simulate-flow';
import type { FlowDetail, FlowSummary, PublishRefusal } from '@atende/shared/contracts/flows/views';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { handler as integrationsHandler } from '../integrations/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { getVersionGraph } from './store.ts';
import { menuFlow } from './test-flows.ts';

let a: Inbox;
let b: Inbox;

beforeAll(async () => {
  await useTestTables();
  [a, b] = await Promise.all([createInbox(), createInbox()]);
});

const at = { x: 0, y: 0 };

const create = async (inbox: Inbox, name: string) =>
  (await callRoute(handler, createFlow, { token: inbox.admin.token, body: { name } })).body as FlowDetail;

describe('flows API', () => {
  it('creates a flow, saves its draft, publishes immutable versions and restores one into the draft', async () => {
    const created = await callRoute(handler, createFlow, {
      token: a.admin.token,
      body: { name: 'Boas-vindas' },
    });
    expect(created.status).toBe(201);
    const flow = created.body as FlowDetail;
    expect(flow).toMatchObject({
      name: 'Boas-vindas',
      status: 'draft',
      published_version: null,
      versions: [],
    });
    expect(flow.draft.nodes.map((node) => node.type)).toEqual(['start']);

    const first = menuFlow(a, 'Versão 1');
    expect(
      (
        await callRoute(handler, saveFlowDraft, {
          token: a.admin.token,
          params: { id: flow._id },
          body: first,
        })
      ).status,
    ).toBe(200);
    const published = await callRoute(handler, publishFlow, {
      token: a.admin.token,
      params: { id: flow._id },
    });
    expect(published).toMatchObject({ status: 201, body: { version: 1 } });

    await callRoute(handler, saveFlowDraft, {
      token: a.admin.token,
      params: { id: flow._id },
      body: menuFlow(a, 'Versão 2'),
    });
    expect(
      (await callRoute(handler, publishFlow, { token: a.admin.token, params: { id: flow._id } })).body,
    ).toEqual({ version: 2 });
    // Version 1 is frozen: later drafts and publishes never change it.
    const v1 = await getVersionGraph(a.companyId, flow._id, 1);
    expect(v1?.nodes.find((node) => node.id === 'menu')?.data).toMatchObject({ text: 'Versão 1' });

    const restored = (
      await callRoute(handler, restoreFlowVersion, {
        token: a.admin.token,
        params: { id: flow._id, version: '1' },
      })
    ).body as FlowDetail;
    expect(restored).toMatchObject({ published_version: 2, draft_changed: true });
    expect(restored.versions.map((entry) => entry.version)).toEqual([2, 1]);
    expect(restored.draft.nodes.find((node) => node.id === 'menu')?.data).toMatchObject({ text: 'Versão 1' });
    expect(
      (
        await callRoute(handler, restoreFlowVersion, {
          token: a.admin.token,
          params: { id: flow._id, version: '9' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses to publish an invalid graph with the list of problems', async () => {
    const flow = await create(a, 'Com problemas');
    const broken = menuFlow(a);
    broken.edges = broken.edges.filter((edge) => edge.sourceHandle !== 'o2');
    broken.nodes.push(
      { id: 'msg', type: 'message', position: at, data: { text: 'Oi {{apelido}}' } },
      { id: 'h3', type: 'handoff', position: at, data: { department: null, employee: null } },
    );
    broken.edges.push({ id: 'e3', source: 'msg', target: 'h3' });
    await callRoute(handler, saveFlowDraft, { token: a.admin.token, params: { id: flow._id }, body: broken });
    const refused = await callRoute(handler, publishFlow, { token: a.admin.token, params: { id: flow._id } });
    expect(refused.status).toBe(422);
    const body = refused.body as PublishRefusal;
    expect(body.message).toBe('O fluxo tem problemas que impedem a publicação.');
    expect(body.problems.map((problem) => `${problem.code}@${problem.nodeId}`).sort()).toEqual(
      [
        'dangling_handoff@h3',
        'menu_option_without_edge@menu',
        'unknown_variable@msg',
        'unreachable@h2',
        'unreachable@h3',
        'unreachable@msg',
      ].sort(),
    );
    const after = (await callRoute(handler, getFlow, { token: a.admin.token, params: { id: flow._id } }))
      .body as FlowDetail;
    expect(after).toMatchObject({ status: 'draft', published_version: null });
  });

  it('answers 400 naming the field for a malformed graph', async () => {
    const flow = await create(a, 'Malformado');
    const bad = await callRoute(handler, saveFlowDraft, {
      token: a.admin.token,
      params: { id: flow._id },
      body: {
        nodes: [{ id: 'x', type: 'teleport', position: at, data: {} }],
        edges: [],
      } as unknown as FlowGraph,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: expect.stringContaining('nodes') });
  });

  it('attaches a published flow to a channel, lists it, and refuses deleting it while attached', async () => {
    const widget = (
      await callRoute(integrationsHandler, createChannelIntegration, {
        token: a.admin.token,
        body: { type: 'widget', label: 'Site da loja' },
      })
    ).body as { _id: string };
    const flow = await create(a, 'Atendimento do site');
    const unpublished = await callRoute(handler, setChannelFlow, {
      token: a.admin.token,
      params: { id: widget._id },
      body: { flow: flow._id },
    });
    expect(unpublished.status).toBe(409);
    await callRoute(handler, saveFlowDraft, {
      token: a.admin.token,
      params: { id: flow._id },
      body: menuFlow(a),
    });
    await callRoute(handler, publishFlow, { token: a.admin.token, params: { id: flow._id } });
    const attached = await callRoute(handler, setChannelFlow, {
      token: a.admin.token,
      params: { id: widget._id },
      body: { flow: flow._id },
    });
    expect(attached).toMatchObject({ status: 200, body: { integration: widget._id, flow: flow._id } });
    const listed = (await callRoute(handler, listFlows, { token: a.admin.token })).body as {
      flows: FlowSummary[];
    };
    expect(listed.flows.find((item) => item._id === flow._id)?.channels).toEqual([
      { _id: widget._id, label: 'Site da loja', type: 'widget' },
    ]);
    const refused = await callRoute(handler, deleteFlow, { token: a.admin.token, params: { id: flow._id } });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      'Este fluxo está em uso pelos canais: Site da loja. Desvincule-o antes de excluir.',
    );
    await callRoute(handler, setChannelFlow, {
      token: a.admin.token,
      params: { id: widget._id },
      body: { flow: null },
    });
    expect(
      await callRoute(handler, deleteFlow, { token: a.admin.token, params: { id: flow._id } }),
    ).toMatchObject({
      status: 200,
      body: { deleted: flow._id },
    });
    expect(
      (await callRoute(handler, getFlow, { token: a.admin.token, params: { id: flow._id } })).status,
    ).toBe(404);
  });

  it('counts flows against the plan: essential 1, advanced 4, plan access control without infinite flows 1', async () => {
    const tenant = await createInbox();
    await setCompany(tenant.companyId, { account_type: 'essential' });
    expect(
      (await callRoute(handler, createFlow, { token: tenant.admin.token, body: { name: 'Um' } })).status,
    ).toBe(201);
    const second = await callRoute(handler, createFlow, {
      token: tenant.admin.token,
      body: { name: 'Dois' },
    });
    expect(second.status).toBe(409);
    expect((second.body as { message: string }).message).toBe(
      'Seu plano permite até 1 fluxo(s). Exclua um fluxo ou mude de plano para criar outro.',
    );
    await setCompany(tenant.companyId, { account_type: 'advanced' });
    const first = (
      (await callRoute(handler, listFlows, { token: tenant.admin.token })).body as {
        flows: FlowSummary[];
        limit: number;
      }
    ).flows[0];
    for (const name of ['Dois', 'Três', 'Quatro']) {
      expect(
        (await callRoute(handler, createFlow, { token: tenant.admin.token, body: { name } })).status,
      ).toBe(201);
    }
    expect(
      (
        await callRoute(handler, duplicateFlow, {
          token: tenant.admin.token,
          params: { id: first?._id ?? '' },
        })
      ).status,
    ).toBe(409);
    expect(
      ((await callRoute(handler, listFlows, { token: tenant.admin.token })).body as { limit: number }).limit,
    ).toBe(4);
    await callRoute(handler, deleteFlow, { token: tenant.admin.token, params: { id: first?._id ?? '' } });
    const copy = await callRoute(handler, createFlow, { token: tenant.admin.token, body: { name: 'Cinco' } });
    expect(copy.status).toBe(201);
    await setCompany(tenant.companyId, {
      account_type: 'professional',
      rollouts: ['rdcbill:plan-access-control'],
      plan_features: [],
    });
    expect(
      ((await callRoute(handler, listFlows, { token: tenant.admin.token })).body as { limit: number }).limit,
    ).toBe(1);
    expect(
      (await callRoute(handler, createFlow, { token: tenant.admin.token, body: { name: 'Seis' } })).status,
    ).toBe(409);
  });

  it('lets managers in only with manage_automation, never operators, and keeps companies apart', async () => {
    const flow = await create(a, 'Privado');
    expect((await callRoute(handler, listFlows, { token: a.operator.token })).status).toBe(403);
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.manager] });
    expect((await callRoute(handler, listFlows, { token: a.manager.token })).status).toBe(403);
    await setPermissions(a.companyId, { manage_automation: true });
    expect((await callRoute(handler, listFlows, { token: a.manager.token })).status).toBe(200);
    await setPermissions(a.companyId, {});
    await setCompany(a.companyId, { rollouts: [] });

    const list = (await callRoute(handler, listFlows, { token: b.admin.token })).body as {
      flows: FlowSummary[];
    };
    expect(list.flows.map((item) => item._id)).not.toContain(flow._id);
    for (const call of [
      callRoute(handler, getFlow, { token: b.admin.token, params: { id: flow._id } }),
      callRoute(handler, saveFlowDraft, {
        token: b.admin.token,
        params: { id: flow._id },
        body: menuFlow(b),
      }),
      callRoute(handler, publishFlow, { token: b.admin.token, params: { id: flow._id } }),
      callRoute(handler, duplicateFlow, { token: b.admin.token, params: { id: flow._id } }),
      callRoute(handler, deleteFlow, { token: b.admin.token, params: { id: flow._id } }),
      callRoute(handler, setChannelFlow, {
        token: b.admin.token,
        params: { id: a.widget },
        body: { flow: null },
      }),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect(
      (await callRoute(handler, getFlow, { token: a.admin.token, params: { id: flow._id } })).body,
    ).toMatchObject({
      name: 'Privado',
      draft: { nodes: [{ id: 'start' }] },
    });
  });

  it('simulates the draft turn by turn with the path and variables, sending nothing', async () => {
    const flow = await create(a, 'Simulado');
    const graph = menuFlow(a, 'Oi {{customer_first_name}}');
    graph.nodes.push({
      id: 'q',
      type: 'question',
      position: at,
      data: { text: 'Seu e-mail?', variable: 'email', validate: 'email' },
    });
    graph.edges = graph.edges.map((edge) => (edge.sourceHandle === 'o1' ? { ...edge, target: 'q' } : edge));
    graph.edges.push({ id: 'eq', source: 'q', target: 'h1' });
    await callRoute(handler, saveFlowDraft, { token: a.admin.token, params: { id: flow._id }, body: graph });
    const first = (
      await callRoute(handler, simulateFlow, { token: a.admin.token, params: { id: flow._id }, body: {} })
    ).body as SimulateFlowResponse;
    expect(first.outputs).toEqual([
      {
        kind: 'text',
        text: 'Oi Cliente',
        options: [
          { id: 'o1', label: 'Vendas' },
          { id: 'o2', label: 'Suporte' },
        ],
      },
    ]);
    expect(first.path).toEqual(['start', 'menu']);
    const second = (
      await callRoute(handler, simulateFlow, {
        token: a.admin.token,
        params: { id: flow._id },
        body: { session: first.session, text: '1' },
      })
    ).body as SimulateFlowResponse;
    expect(second.path).toEqual(['menu', 'q']);
    const third = (
      await callRoute(handler, simulateFlow, {
        token: a.admin.token,
        params: { id: flow._id },
        body: { session: second.session, text: 'ana@exemplo.com' },
      })
    ).body as SimulateFlowResponse;
    expect(third.session.variables).toEqual({ email: 'ana@exemplo.com' });
    expect(third.outputs).toEqual([{ kind: 'handoff', department: a.sales, employee: null }]);
  });

  it('tests an HTTP request from the builder, refusing private addresses', async () => {
    const refused = await callRoute(handler, testFlowRequest, {
      token: a.admin.token,
      body: { method: 'GET', url: 'https://10.0.0.1/admin', headers: [], body: '' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        field: 'url',
        message: 'Este endereço não é permitido (rede privada, local ou protocolo inseguro).',
      },
    });
    expect(
      (
        await callRoute(handler, testFlowRequest, {
          token: b.operator.token,
          body: { method: 'GET', url: 'https://exemplo.com', headers: [], body: '' },
        })
      ).status,
    ).toBe(403);
  });
});
