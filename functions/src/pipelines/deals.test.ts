import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { ActivityView } from '@atende/shared/contracts/pipelines/activity-views';
import type { BoardView, DealView } from '@atende/shared/contracts/pipelines/deal-views';
import {
  createDeal,
  createPipeline,
  deletePipeline,
  getDeal,
  getPipeline,
  getPipelineBoard,
  listActivities,
  listDeals,
  listPipelines,
  updateDeal,
  updatePipeline,
} from '@atende/shared/contracts/pipelines/routes';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { PLAN_FEATURES, ROLLOUTS } from '@atende/shared/domain/features';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { call, newContact, newDeal, newPipeline, salesFunnel } from './test-funnel.ts';

let a: Inbox;
let b: Inbox;

beforeAll(async () => {
  await useTestTables();
  [a, b] = await Promise.all([createInbox(), createInbox()]);
});

const newTag = async (inbox: Inbox, name: string) =>
  (await callRoute(tagsHandler, createTag, { token: inbox.admin.token, body: { name, color: '#00aa00' } }))
    .body as TagView;

const contactTags = async (inbox: Inbox, id: string) =>
  (
    (await callRoute(contactsHandler, getContact, { token: inbox.admin.token, params: { id } }))
      .body as ContactView
  ).tags;

const dealActivities = (inbox: Inbox, deal: string) =>
  call<{ activities: ActivityView[] }>(listActivities, inbox.admin, { query: { deal } }).then(
    (body) => body.activities,
  );

describe('pipelines', () => {
  it('adds, renames and reorders stages, and deletes a stage with deals only by moving them', async () => {
    const pipeline = await salesFunnel(a.admin);
    const [contato, proposta, fechamento] = pipeline.stages as [
      PipelineView['stages'][number],
      PipelineView['stages'][number],
      PipelineView['stages'][number],
    ];
    const customer = await newContact(a.admin, 'Carla Reis');
    const deal = await newDeal(a.admin, {
      pipeline: pipeline._id,
      stage: proposta._id,
      customer: customer._id,
      title: 'Plano anual',
    });

    const edited = await call<PipelineView>(updatePipeline, a.admin, {
      params: { id: pipeline._id },
      body: {
        stages: [
          { _id: fechamento._id, name: 'Fechamento', probability: 90 },
          { _id: contato._id, name: 'Primeiro contato', probability: 10 },
          { _id: proposta._id, name: 'Proposta', probability: 50 },
          { name: 'Negociação', probability: 70 },
        ],
      },
    });
    expect(edited.stages.map((stage) => stage.name)).toEqual([
      'Fechamento',
      'Primeiro contato',
      'Proposta',
      'Negociação',
    ]);
    const negotiation = edited.stages[3]?._id as string;

    const refused = await callRoute(handler, updatePipeline, {
      token: a.admin.token,
      params: { id: pipeline._id },
      body: { stages: edited.stages.filter((stage) => stage._id !== proposta._id) },
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(ptBR.pipelines.stageHasDeals);
    expect((await call<DealView>(getDeal, a.admin, { params: { id: deal._id } })).stage).toBe(proposta._id);

    const trimmed = await call<PipelineView>(updatePipeline, a.admin, {
      params: { id: pipeline._id },
      body: {
        stages: edited.stages.filter((stage) => stage._id !== proposta._id),
        moves: [{ from: proposta._id, to: negotiation }],
      },
    });
    expect(trimmed.stages).toHaveLength(3);
    const moved = await call<DealView>(getDeal, a.admin, { params: { id: deal._id } });
    expect(moved.stage).toBe(negotiation);
    expect(moved.history.map((entry) => entry.stage)).toEqual([proposta._id, negotiation]);

    await call(deletePipeline, a.admin, { params: { id: pipeline._id } }, 409);
    const empty = await newPipeline(a.admin, { name: 'Vazio', stages: [{ name: 'Única' }] });
    await call(deletePipeline, a.admin, { params: { id: empty._id } });
    await call(getPipeline, a.admin, { params: { id: empty._id } }, 404);
  });

  it('refuses bad input naming the field', async () => {
    const answer = await callRoute(handler, createPipeline, {
      token: a.admin.token,
      body: { name: 'X', stages: [] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('stages');
    const duplicated = await callRoute(handler, createPipeline, {
      token: a.admin.token,
      body: { name: 'X', stages: [{ name: 'A' }, { name: 'a' }] },
    });
    expect(duplicated.status).toBe(400);
    expect(JSON.stringify(duplicated.body)).toContain(ptBR.pipelines.stageNamesUnique);
  });
});

describe('deals', () => {
  it('moves through stages keeping the history, and a stage rule fires once per entry', async () => {
    const hot = await newTag(a, 'Quente');
    const pipeline = await salesFunnel(a.admin, {
      activity: { title: 'Enviar proposta', type: 'e-mail', due_in_days: 2, assignee: null },
      add_tag: hot._id,
      notify_owner: true,
    });
    const [contato, proposta, fechamento] = pipeline.stages.map((stage) => stage._id) as [
      string,
      string,
      string,
    ];
    const customer = await newContact(a.admin, 'Davi Prado');
    const deal = await newDeal(a.admin, {
      pipeline: pipeline._id,
      stage: contato,
      customer: customer._id,
      title: 'Licenças',
      value: 1500.5,
      owner: a.operator.id,
    });
    expect(deal.owner).toBe(a.operator.id);
    expect(await dealActivities(a, deal._id)).toEqual([]);

    const moved = await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { stage: proposta },
    });
    expect(moved.history.map((entry) => entry.stage)).toEqual([contato, proposta]);
    expect(moved.history[0]?.left_at).toBe(moved.history[1]?.entered_at);
    expect(moved.history[1]?.left_at).toBeNull();
    const [activity, ...others] = await dealActivities(a, deal._id);
    expect(others).toEqual([]);
    expect(activity).toMatchObject({
      title: 'Enviar proposta',
      type: 'e-mail',
      assignee: a.operator.id,
      customer: customer._id,
    });
    const dueInDays =
      (Date.parse(activity?.due_at ?? '') - Date.parse(moved.history[1]?.entered_at ?? '')) / 86_400_000;
    expect(dueInDays).toBeCloseTo(2, 5);
    expect(await contactTags(a, customer._id)).toEqual([hot._id]);

    // The same move again is no entry: nothing fires.
    await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { stage: proposta, title: 'Licenças 2027' },
    });
    expect(await dealActivities(a, deal._id)).toHaveLength(1);

    // Leaving and coming back is a new entry: the rule fires again, once.
    await call(updateDeal, a.admin, { params: { id: deal._id }, body: { stage: fechamento } });
    const back = await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { stage: proposta },
    });
    expect(back.history.map((entry) => entry.stage)).toEqual([contato, proposta, fechamento, proposta]);
    expect(await dealActivities(a, deal._id)).toHaveLength(2);
  });

  it('fires a stage rule once when two moves race', async () => {
    const pipeline = await salesFunnel(a.admin, {
      activity: { title: 'Ligar', type: 'call', due_in_days: 0, assignee: null },
    });
    const customer = await newContact(a.admin, 'Elisa Rocha');
    const deal = await newDeal(a.admin, {
      pipeline: pipeline._id,
      stage: pipeline.stages[0]?._id,
      customer: customer._id,
      title: 'Corrida',
    });
    const moves = await Promise.all(
      [1, 2, 3].map(() =>
        callRoute(handler, updateDeal, {
          token: a.admin.token,
          params: { id: deal._id },
          body: { stage: pipeline.stages[1]?._id },
        }),
      ),
    );
    expect(moves.filter((move) => move.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(moves.every((move) => move.status === 200 || move.status === 409)).toBe(true);
    expect(await dealActivities(a, deal._id)).toHaveLength(1);
  });

  it('is won, lost with a reason and reopened; a closed deal keeps its stage', async () => {
    const pipeline = await salesFunnel(a.admin);
    const customer = await newContact(a.admin, 'Fábio Lins');
    const deal = await newDeal(a.admin, {
      pipeline: pipeline._id,
      stage: pipeline.stages[0]?._id,
      customer: customer._id,
      title: 'Consultoria',
      value: 800,
    });
    const lost = await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { status: 'lost', lost_reason: 'Preço' },
    });
    expect(lost).toMatchObject({ status: 'lost', lost_reason: 'Preço' });
    expect(lost.closed_at).not.toBeNull();
    await call(
      updateDeal,
      a.admin,
      { params: { id: deal._id }, body: { stage: pipeline.stages[1]?._id } },
      400,
    );
    await call(updateDeal, a.admin, { params: { id: deal._id }, body: { lost_reason: 'x' } }, 400);
    const reopened = await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { status: 'open' },
    });
    expect(reopened).toMatchObject({ status: 'open', lost_reason: null, closed_at: null });
    const won = await call<DealView>(updateDeal, a.admin, {
      params: { id: deal._id },
      body: { status: 'won' },
    });
    expect(won).toMatchObject({ status: 'won', lost_reason: null });
    const listed = await call<{ deals: DealView[] }>(listDeals, a.admin, {
      query: { pipeline: pipeline._id, status: 'won' },
    });
    expect(listed.deals.map((item) => item._id)).toEqual([deal._id]);
  });

  it('shows each stage with its deals, count, total and weighted value', async () => {
    const pipeline = await salesFunnel(a.admin);
    const [contato, proposta] = pipeline.stages.map((stage) => stage._id) as [string, string];
    const customer = await newContact(a.admin, 'Gabi Nunes');
    const deal = (stage: string, value: number, title: string) =>
      newDeal(a.admin, { pipeline: pipeline._id, stage, customer: customer._id, title, value });
    await deal(contato, 1000, 'A');
    await deal(proposta, 200.1, 'B');
    const closed = await deal(proposta, 300, 'C');
    await deal(proposta, 99.9, 'D');
    await call(updateDeal, a.admin, { params: { id: closed._id }, body: { status: 'won' } });
    const board = await call<BoardView>(getPipelineBoard, a.admin, { params: { id: pipeline._id } });
    expect(board.stages.map(({ count, total, weighted }) => ({ count, total, weighted }))).toEqual([
      { count: 1, total: 1000, weighted: 100 },
      { count: 2, total: 300, weighted: 150 },
      { count: 0, total: 0, weighted: 0 },
    ]);
    expect(board.totals).toEqual({ count: 3, total: 1300, weighted: 250 });
    const filtered = await call<BoardView>(getPipelineBoard, a.admin, {
      params: { id: pipeline._id },
      query: { min_value: '150' },
    });
    expect(filtered.stages.flatMap((stage) => stage.deals.map((item) => item.title))).toEqual(['A', 'B']);
  });

  it('pages the deal list with a cursor that never skips or repeats', async () => {
    const pipeline = await salesFunnel(a.admin);
    const customer = await newContact(a.admin, 'Hugo Paiva');
    for (const title of ['P1', 'P2', 'P3', 'P4', 'P5'])
      await newDeal(a.admin, {
        pipeline: pipeline._id,
        stage: pipeline.stages[0]?._id,
        customer: customer._id,
        title,
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { deals: DealView[]; next_cursor: string | null } = await call(listDeals, a.admin, {
        query: { pipeline: pipeline._id, limit: '2', ...(cursor ? { cursor } : {}) },
      });
      expect(page.deals.length).toBeLessThanOrEqual(2);
      seen.push(...page.deals.map((item) => item.title));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    const searched = await call<{ deals: DealView[] }>(listDeals, a.admin, {
      query: { customer: customer._id, search: 'p3' },
    });
    expect(searched.deals.map((item) => item.title)).toEqual(['P3']);
    await call(
      listDeals,
      a.admin,
      {
        query: {
          cursor: Buffer.from(JSON.stringify({ pk: `C#${b.companyId}#DEALS`, sk: 'x' })).toString(
            'base64url',
          ),
        },
      },
      400,
    );
  });
});

describe('tenancy and plan', () => {
  it("keeps one company's funnel from another company's admin", async () => {
    const pipeline = await salesFunnel(a.admin);
    const customer = await newContact(a.admin, 'Iara Melo');
    const deal = await newDeal(a.admin, {
      pipeline: pipeline._id,
      stage: pipeline.stages[0]?._id,
      customer: customer._id,
      title: 'Segredo',
    });
    await call(getPipeline, b.admin, { params: { id: pipeline._id } }, 404);
    await call(getPipelineBoard, b.admin, { params: { id: pipeline._id } }, 404);
    await call(getDeal, b.admin, { params: { id: deal._id } }, 404);
    await call(updateDeal, b.admin, { params: { id: deal._id }, body: { title: 'x' } }, 404);
    await call(updatePipeline, b.admin, { params: { id: pipeline._id }, body: { name: 'x' } }, 404);
    await call(deletePipeline, b.admin, { params: { id: pipeline._id } }, 404);
    await call(
      createDeal,
      b.admin,
      {
        body: { pipeline: pipeline._id, stage: pipeline.stages[0]?._id, customer: customer._id, title: 'x' },
      },
      404,
    );
    const theirs = await call<{ pipelines: PipelineView[] }>(listPipelines, b.admin, {});
    expect(theirs.pipelines.map((item) => item._id)).not.toContain(pipeline._id);
    const deals = await call<{ deals: DealView[] }>(listDeals, b.admin, {});
    expect(deals.deals).toEqual([]);
    expect((await call<DealView>(getDeal, a.admin, { params: { id: deal._id } })).title).toBe('Segredo');
  });

  it('is refused to a company without the sales-funnel feature or on a lower plan', async () => {
    const other = await createInbox();
    await setCompany(other.companyId, {
      rollouts: [ROLLOUTS.planAccessControl],
      plan_features: ['webhooks'],
    });
    await call(listPipelines, other.admin, {}, 403);
    await call(listDeals, other.operator, {}, 403);
    await call(listActivities, other.admin, {});
    await setCompany(other.companyId, { plan_features: [PLAN_FEATURES.salesFunnel] });
    await call(listPipelines, other.admin, {});
    await setCompany(other.companyId, { account_type: 'essential' });
    await call(listPipelines, other.admin, {}, 403);
  });
});
