import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerToken } from '@atende/functions/auth/authorizer';
import { signAccessToken, verifyAccessToken } from '@atende/functions/auth/tokens';
import { createHttpHandler, route } from '@atende/functions/lib/http';
import { defineRoute, type RouteContract } from '@atende/shared/contracts/types';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createRestGateway, type Authorizer, type RestHandler } from './rest.ts';

const SECRET = 'test-secret-for-the-rest-gateway-tests-0123456789';

const echoRoute = defineRoute({
  id: 'health.echo',
  method: 'GET',
  path: '/things/{thingId}',
  domain: 'health',
  auth: 'employee',
  params: z.object({ thingId: z.string() }),
});
const createRoute = defineRoute({
  id: 'health.create',
  method: 'POST',
  path: '/things',
  domain: 'health',
  auth: 'public',
  body: z.object({ name: z.string().min(2) }),
  successStatus: 201,
  maxBodyBytes: 1024,
});
const keyRoute = defineRoute({
  id: 'health.key',
  method: 'GET',
  path: '/integrator',
  domain: 'health',
  auth: 'apiKey',
});
const routes: RouteContract[] = [echoRoute, createRoute, keyRoute];

let seen: APIGatewayProxyEvent | undefined;
const handler = createHttpHandler([
  route(echoRoute, async ({ params, auth, event }) => {
    seen = event;
    return { thingId: params.thingId, companyId: auth.companyId, query: event.queryStringParameters };
  }),
  route(createRoute, async ({ body }) => ({ created: body.name })),
  route(keyRoute, async ({ auth }) => ({ companyId: auth.companyId })),
]);

/**
 * The gateway's side of the authorizer contract (throw = 401, Deny = 403, context passed on); the real
 * authorizer, with its session checks, is tested in functions/src/auth.
 */
let denyAll = false;
const testAuthorizer: Authorizer = async (event) => {
  const claims = await verifyAccessToken(bearerToken(event) ?? '', SECRET);
  if (!claims) throw new Error('Unauthorized');
  const result: APIGatewayAuthorizerResult = {
    principalId: claims.employeeId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: denyAll ? 'Deny' : 'Allow', Resource: event.methodArn },
      ],
    },
    context: { ...claims },
  };
  return result;
};

let server: Server;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  process.env.JWT_SECRET = SECRET;
  process.env.STAGE = 'test';
  const gateway = createRestGateway({
    routes,
    handlerFor: async () => handler as unknown as RestHandler,
    authorizer: async () => testAuthorizer,
    log: (line) => lines.push(line),
  });
  server = createServer((req, res) => void gateway.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = () =>
  signAccessToken(
    { companyId: 'c'.repeat(24), employeeId: 'e'.repeat(24), role: 'admin', sessionId: 's1' },
    SECRET,
  );

describe('local REST gateway', () => {
  it('routes by the manifest and builds a REST proxy event with path and query parameters', async () => {
    const response = await fetch(`${base}/api/things/abc?x=1&x=2`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ thingId: 'abc', companyId: 'c'.repeat(24), query: { x: '2' } });
    expect(seen?.resource).toBe('/api/things/{thingId}');
    expect(seen?.multiValueQueryStringParameters).toEqual({ x: ['1', '2'] });
    expect(seen?.requestContext.authorizer).toMatchObject({
      employeeId: 'e'.repeat(24),
      principalId: 'e'.repeat(24),
    });
    expect(seen?.requestContext.stage).toBe('local');
  });

  it('answers 401 when the authorizer rejects a missing or bad token', async () => {
    expect((await fetch(`${base}/api/things/abc`)).status).toBe(401);
    const bad = await fetch(`${base}/api/things/abc`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 403 when the authorizer policy denies', async () => {
    denyAll = true;
    try {
      const response = await fetch(`${base}/api/things/abc`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      expect(response.status).toBe(403);
    } finally {
      denyAll = false;
    }
  });

  it('requires an API key header on apiKey routes before the authorizer runs', async () => {
    const response = await fetch(`${base}/api/integrator`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(response.status).toBe(403);
  });

  it('answers 404 JSON for an unknown API route and 405 for a known path with another method', async () => {
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await missing.json()).toEqual({ message: 'Not Found' });
    const wrongMethod = await fetch(`${base}/api/things`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('answers 400 for malformed JSON and for a body failing the contract, naming the field', async () => {
    const malformed = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    const invalid = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ field: 'name' });
    const created = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ok' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ created: 'ok' });
  });

  it('answers 413 for a body over the route limit', async () => {
    const response = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(413);
  });

  it('logs one line per request with method, path, status and duration', () => {
    expect(lines.some((line) => /^GET \/api\/things\/abc 200 \d+ms$/.test(line))).toBe(true);
  });
});
