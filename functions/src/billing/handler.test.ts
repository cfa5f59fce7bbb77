import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  getConsumption,
  getFinance,
  getMyPlan,
  requestPlanChange,
} from '@atende/shared/contracts/billing/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { createInbox, deliverInbound, inboundText, type Inbox } from '../conversations/test-inbox.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.company(a.companyId),
      UpdateExpression: 'SET finance_data = :finance',
      ExpressionAttributeValues: {
        ':finance': {
          subscription: { data: { sale_item: { id: 'sub-123' } } },
          status_client: 'active',
          invoices: [{ id: 'inv-1', due_date: '2026-11-10', amount: 499.9, status: 'paid' }],
        },
      },
    }),
  );
});

describe('plans, consumption and finance (admin only)', () => {
  it.each([{ route: getMyPlan }, { route: getConsumption }, { route: getFinance }])(
    '$route.id refuses managers and operators',
    async ({ route }) => {
      for (const who of ['manager', 'operator'] as const) {
        expect((await callRoute(handler, route, { token: a[who].token, query: {} })).status).toBe(403);
      }
    },
  );

  it('shows the plan and records a change request for the account team, per company', async () => {
    const plan = await callRoute(handler, getMyPlan, { token: a.admin.token });
    expect(plan.body).toMatchObject({ plan: 'professional', trial: true });
    const asked = await callRoute(handler, requestPlanChange, {
      token: a.admin.token,
      body: { plan: 'advanced', note: 'menos usuários' },
    });
    expect(asked.status).toBe(201);
    expect((await callRoute(handler, getMyPlan, { token: a.admin.token })).body).toMatchObject({
      pending_request: { plan: 'advanced' },
    });
    expect((await callRoute(handler, getMyPlan, { token: b.admin.token })).body).not.toHaveProperty(
      'pending_request',
    );
    const bad = await callRoute(handler, requestPlanChange, { token: a.admin.token, body: { plan: 'gold' } });
    expect(bad.body).toMatchObject({ field: 'plan' });
  });

  it('reads finance_data without changing it', async () => {
    const finance = await callRoute(handler, getFinance, { token: a.admin.token });
    expect(finance.body).toMatchObject({
      subscription: 'sub-123',
      client_status: 'active',
      invoices: [{ id: 'inv-1', amount: 499.9, status: 'paid' }],
    });
    expect((await callRoute(handler, getFinance, { token: b.admin.token })).body).toMatchObject({
      invoices: [],
    });
  });
});

describe('conversation consumption (spec point 9: allowed total 600)', () => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await createInbox();
  });

  it('counts the conversations started in the month, only the company’s own', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const before = (await callRoute(handler, getConsumption, { token: inbox.admin.token, query: { month } }))
      .body as { sessions: number };
    await deliverInbound(
      inboundText(inbox, { externalId: 'consumo-1' }),
      inboundText(inbox, { externalId: 'consumo-2' }),
    );
    const after = await callRoute(handler, getConsumption, { token: inbox.admin.token, query: { month } });
    expect(after.body).toEqual({ month, sessions: before.sessions + 2, allowed: 600 });
    const past = await callRoute(handler, getConsumption, {
      token: inbox.admin.token,
      query: { month: '2020-01' },
    });
    expect(past.body).toMatchObject({ sessions: 0 });
    expect(
      (await callRoute(handler, getConsumption, { token: a.admin.token, query: { month } })).body,
    ).toMatchObject({ sessions: 0 });
    expect(
      (await callRoute(handler, getConsumption, { token: a.admin.token, query: { month: '2026-13' } }))
        .status,
    ).toBe(400);
  });
});
