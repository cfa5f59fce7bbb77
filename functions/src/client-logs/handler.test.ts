import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { reportCritical, reportTracing } from '@atende/shared/contracts/client-logs/report';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const storedFor = async (companyId: string) => {
  const day = new Date().toISOString().slice(0, 10);
  const answer = await clients().document.send(
    new QueryCommand({
      TableName: config().mainTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#CLIENTLOG#${day}` },
    }),
  );
  return answer.Items ?? [];
};

describe('browser reports (POST /logs/critical, /logs/dd-tracing)', () => {
  it('stores a critical report under the caller’s company and writes a structured error line', async () => {
    const spy = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const answer = await callRoute(handler, reportCritical, {
      token: a.operator.token,
      body: {
        title: 'socket frame for another company',
        message: 'refresh-session',
        payload: { event: 'refresh-session' },
      },
    });
    const calls = spy.mock.calls;
    spy.mockRestore();
    expect(answer.status).toBe(201);
    const stored = await storedFor(a.companyId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      level: 'critical',
      employee: a.operator.id,
      title: 'socket frame for another company',
    });
    expect(calls).toContainEqual([
      'client critical report',
      expect.objectContaining({
        companyId: a.companyId,
        employeeId: a.operator.id,
        title: 'socket frame for another company',
      }),
    ]);
    expect(await storedFor(b.companyId)).toEqual([]);
  });

  it('stores traces too', async () => {
    const answer = await callRoute(handler, reportTracing, {
      token: b.admin.token,
      body: { title: 'chat aberto' },
    });
    expect(answer.status).toBe(201);
    expect((await storedFor(b.companyId)).map((item) => item.level)).toEqual(['trace']);
  });

  it.each([
    { body: {}, field: 'title' },
    { body: { title: '' }, field: 'title' },
    { body: { title: 'x'.repeat(201) }, field: 'title' },
    { body: { title: 'x', message: 'y'.repeat(2001) }, field: 'message' },
    { body: { title: 'x', payload: { big: 'z'.repeat(9000) } }, field: 'payload' },
    { body: { title: 'x', payload: 'texto' }, field: 'payload' },
  ])('answers 400 naming $field', async ({ body, field }) => {
    const answer = await callRoute(handler, reportCritical, { token: a.admin.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
  });

  it('refuses a caller without a token', async () => {
    expect((await callRoute(handler, reportCritical, { body: { title: 'x' } })).status).toBe(401);
  });
});
