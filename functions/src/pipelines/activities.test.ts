import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ActivityView } from '@atende/shared/contracts/pipelines/activity-views';
import { createActivity, listActivities, updateActivity } from '@atende/shared/contracts/pipelines/routes';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import type { Member } from '../company/test-tenant.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { sendDueReminders } from './reminders.ts';
import { call, newContact, newDeal, salesFunnel } from './test-funnel.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let a: Inbox;
let b: Inbox;

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  [a, b] = await Promise.all([createInbox(), createInbox()]);
});

beforeEach(() => {
  posted = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')) as ServerFrame,
    });
    return {};
  });
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const activity = (member: Member, body: Record<string, unknown>) =>
  call<ActivityView>(createActivity, member, { body: { type: 'call', due_at: inMinutes(60), ...body } }, 201);

const titles = async (member: Member, query: Record<string, string>) =>
  (await call<{ activities: ActivityView[] }>(listActivities, member, { query })).activities.map(
    (item) => item.title,
  );

describe('activities', () => {
  it('are listed by due range, assignee and status; done and rescheduled', async () => {
    const base = Date.now() + 30 * 86_400_000;
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    await activity(a.admin, { title: 'Ligar A', due_at: at(1) });
    const meeting = await activity(a.admin, {
      title: 'Reunião B',
      type: 'meeting',
      due_at: at(2),
      assignee: a.operator.id,
    });
    await activity(a.admin, { title: 'Depois', due_at: at(30) });
    const range = { from: at(0), to: at(24) };
    expect(await titles(a.admin, range)).toEqual(['Ligar A', 'Reunião B']);
    expect(await titles(a.admin, { ...range, assignee: a.operator.id })).toEqual(['Reunião B']);
    expect(await titles(a.operator, range)).toEqual(['Reunião B']);
    expect(await titles(a.manager, range)).toEqual([]);

    const done = await call<ActivityView>(updateActivity, a.operator, {
      params: { id: meeting._id },
      body: { done: true },
    });
    expect(done.status).toBe('done');
    expect(done.done_at).not.toBeNull();
    expect(await titles(a.admin, { ...range, status: 'open' })).toEqual(['Ligar A']);
    expect(await titles(a.admin, { ...range, status: 'done' })).toEqual(['Reunião B']);

    const moved = await call<ActivityView>(updateActivity, a.operator, {
      params: { id: meeting._id },
      body: { due_at: at(40), done: false },
    });
    expect(moved).toMatchObject({ status: 'open', due_at: at(40), done_at: null });
    expect(await titles(a.admin, range)).toEqual(['Ligar A']);
  });

  it('lists overdue ones, links a deal and its contact, and refuses bad input naming the field', async () => {
    const customer = await newContact(a.admin, 'Marta Dias');
    const funnel = await salesFunnel(a.admin);
    const deal = await newDeal(a.admin, {
      pipeline: funnel._id,
      stage: funnel.stages[0]?._id,
      customer: customer._id,
      title: 'Com agenda',
    });
    const late = await activity(a.admin, { title: 'Atrasada', due_at: inMinutes(-90), deal: deal._id });
    expect(late.customer).toBe(customer._id);
    expect(await titles(a.admin, { deal: deal._id })).toEqual(['Atrasada']);
    expect(await titles(a.admin, { status: 'overdue', from: inMinutes(-120) })).toContain('Atrasada');
    const bad = await callRoute(handler, createActivity, {
      token: a.admin.token,
      body: { title: 'X', type: 'fax', due_at: 'amanhã' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/type|due_at/);
    await call(
      createActivity,
      a.admin,
      { body: { title: 'X', type: 'task', due_at: inMinutes(5), assignee: b.admin.id } },
      400,
    );
  });

  it('belong to their company only', async () => {
    const mine = await activity(a.admin, { title: 'Só da empresa A' });
    await call(updateActivity, b.admin, { params: { id: mine._id }, body: { done: true } }, 404);
    expect(await titles(b.admin, {})).not.toContain('Só da empresa A');
  });
});

describe('reminders', () => {
  it("reach the assignee's screens a few minutes before, once", async () => {
    const connectionId = `conn-op-${newObjectId()}`;
    await connect(
      {
        auth: {
          companyId: a.companyId,
          employeeId: a.operator.id,
          role: 'operator',
          sessionId: newObjectId(),
          blocked: false,
        },
        connectionId,
      },
      Date.now(),
    );
    const soon = await activity(a.admin, {
      title: 'Ligar já',
      due_at: inMinutes(5),
      assignee: a.operator.id,
    });
    const later = await activity(a.admin, {
      title: 'Mais tarde',
      due_at: inMinutes(120),
      assignee: a.operator.id,
    });
    const reminders = () => posted.filter((entry) => entry.frame.event === 'activity-reminder');

    await sendDueReminders(new Date());
    expect(reminders().map((entry) => [entry.connectionId, entry.frame.data.activity])).toEqual([
      [connectionId, soon._id],
    ]);
    await sendDueReminders(new Date());
    expect(reminders()).toHaveLength(1);
    const listed = await call<{ activities: ActivityView[] }>(listActivities, a.operator, {
      query: { assignee: a.operator.id },
    });
    expect(listed.activities.find((item) => item._id === soon._id)?.reminded_at).not.toBeNull();

    // Rescheduled into the window, the later one is reminded; done ones never are.
    await call(updateActivity, a.admin, { params: { id: later._id }, body: { due_at: inMinutes(3) } });
    const done = await activity(a.admin, { title: 'Feita', due_at: inMinutes(4), assignee: a.operator.id });
    await call(updateActivity, a.admin, { params: { id: done._id }, body: { done: true } });
    await sendDueReminders(new Date());
    expect(reminders().map((entry) => entry.frame.data.activity)).toEqual([soon._id, later._id]);
  });
});
