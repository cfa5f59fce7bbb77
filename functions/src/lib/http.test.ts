import { defineRoute } from '@atende/shared/contracts/types';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { AccessContext } from '@atende/shared/rules/access';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { lambdaContext as newContext } from './gateway/lambda-context.ts';
import { createHttpHandler, route } from './http.ts';

const guarded = defineRoute({
  id: 'test.guarded',
  method: 'GET',
  path: '/guarded',
  domain: 'account',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  response: z.object({ ok: z.boolean() }),
});

const open = defineRoute({
  id: 'test.open',
  method: 'GET',
  path: '/open',
  domain: 'account',
  auth: 'employee',
});

const context = (role: AccessContext['role'], permissions: Record<string, boolean>): AccessContext => ({
  role,
  employeeId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  company: { account_type: 'professional', modules: {}, permissions },
  rollouts: [],
  planFeatures: undefined,
});

const event = (path: string, role: string) =>
  ({
    resource: `/api${path}`,
    path: `/api${path}`,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      authorizer: {
        companyId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        employeeId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        role,
        sessionId: 'session',
        blocked: 'false',
      },
    },
  }) as unknown as APIGatewayProxyEvent;

const lambdaContext = newContext('atende-test');

describe('createHttpHandler access enforcement', () => {
  it("refuses with the pt-BR message what the contract's rule refuses for the loaded context", async () => {
    let permissions: Record<string, boolean> = {};
    let rollouts: string[] = [];
    const loader = vi.fn(async (auth: { role: AccessContext['role'] }) => ({
      ...context(auth.role, permissions),
      rollouts,
    }));
    const handler = createHttpHandler(
      [route(guarded, async () => ({ ok: true })), route(open, async () => ({ ok: true }))],
      { accessContext: loader },
    );
    const operator = await handler(event('/guarded', 'operator'), lambdaContext);
    expect(operator.statusCode).toBe(403);
    expect(JSON.parse(operator.body)).toMatchObject({ message: ptBR.admin.accessDenied });
    // The manager's company permission binds under the manager rollout (spec point 5).
    rollouts = [ROLLOUTS.manager];
    expect((await handler(event('/guarded', 'manager'), lambdaContext)).statusCode).toBe(403);
    permissions = { manage_integration: true };
    expect((await handler(event('/guarded', 'manager'), lambdaContext)).statusCode).toBe(200);
    expect((await handler(event('/guarded', 'admin'), lambdaContext)).statusCode).toBe(200);
    loader.mockClear();
    expect((await handler(event('/open', 'operator'), lambdaContext)).statusCode).toBe(200);
    expect(loader).not.toHaveBeenCalled();
  });

  it('will not build a handler whose guarded route has no way to load the access context', () => {
    expect(() => createHttpHandler([route(guarded, async () => ({ ok: true }))])).toThrow(
      /access-context loader/,
    );
  });
});

const echo = defineRoute({
  id: 'test.echo',
  method: 'POST',
  path: '/echo',
  domain: 'account',
  auth: 'employee',
  body: z.object({ data: z.unknown() }),
});

describe('createHttpHandler input bounds', () => {
  const handler = createHttpHandler([
    route(echo, async () => {
      throw Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
    }),
  ]);
  const post = (body: string) =>
    handler({ ...event('/echo', 'admin'), httpMethod: 'POST', body }, lambdaContext);

  it('answers 400 naming the field for deep bodies and out-of-range numbers, before any handler runs', async () => {
    const deep = `{"data":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    const tooDeep = await post(deep);
    expect(tooDeep.statusCode).toBe(400);
    expect(JSON.parse(tooDeep.body).field).toMatch(/^data\.a\.a/);
    const huge = await post('{"data":{"price":1e200}}');
    expect(huge.statusCode).toBe(400);
    expect(JSON.parse(huge.body)).toMatchObject({ field: 'data.price', code: 'invalid' });
  });

  it('turns a resume key DynamoDB refuses into a 400 on cursor, not a 500', async () => {
    const answer = await post('{"data":1}');
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ field: 'cursor', message: ptBR.admin.invalidCursor });
  });
});
