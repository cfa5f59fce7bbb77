import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { RouteContract } from '@atende/shared/contracts/types';
import { QUEUES, WORKER_QUEUES } from '@atende/shared/infra/queues';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, login, type Tenant } from '../company/test-tenant.ts';
import { TEST_JWT_SECRET } from '../conversations/test-inbox.ts';
import { mapLimited } from '../lib/concurrency.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { byDomain, employeeRoutes, handlerOf, pathParams } from './manifest-routes.ts';

/**
 * Crafted input against every employee route of the manifest, as the route's own company's admin: bodies
 * nested 40 deep, numbers such as 1e200, empty keys, wrong types in every top-level field, cursors that are
 * garbage or carry a short or foreign key, odd path parameters. Any answer is fine but a 500.
 */
let tenant: Tenant;

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The top-level field names of a body schema, through refinements and pipes. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let step = 0; step < 5 && current; step += 1) {
    // Duck-typed: the contracts' zod may be another copy of the module than this file's.
    const shape = (current as { shape?: unknown }).shape;
    if (shape && typeof shape === 'object') return Object.keys(shape);
    const def = (current as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

function craftedBodies(route: RouteContract): unknown[] {
  const fields = fieldsOf(route.body);
  const values: unknown[] = [1e200, deep(40), { '': 'x' }, [], '../../x', -1];
  return [
    { nested: deep(40) },
    { '': 1 },
    [1, 2, 3],
    'texto',
    ...values.map((value) => Object.fromEntries(fields.map((field) => [field, value]))),
    ...fields.flatMap((field) => values.map((value) => ({ [field]: value }))),
  ];
}

function craftedQueries(companyId: string): Record<string, string>[] {
  return [
    { cursor: 'não-é-cursor' },
    { cursor: b64({ pk: `C#${companyId}#` }) },
    { cursor: b64({ pk: `C#${'f'.repeat(24)}#contacts`, sk: 'x' }) },
    { cursor: b64({ pk: `C#${companyId}#x`, sk: 'y', extra: { nested: true } }) },
    { cursor: b64([1, 2]) },
    { limit: '1e200', page: '-1', perPage: '1e200' },
    { search: 'x'.repeat(5000), from: 'ontem', to: '9999-99-99' },
  ];
}

beforeAll(async () => {
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  // Routes that start background work only need the enqueue to succeed.
  process.env.QUEUE_URLS = JSON.stringify(
    Object.fromEntries(
      [...QUEUES, ...WORKER_QUEUES].map((queue) => [queue.id, `http://queue.test/${queue.id}`]),
    ),
  );
  const sqs = mockClient(SQSClient);
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
  await useTestTables();
  tenant = await createTenant();
});

/**
 * Routes that can end the caller's sessions or change who the caller is (sign-out, password, company switch,
 * employees and profile) run one at a time, so they never cut a session another route is using.
 */
const SESSION_DOMAINS = new Set(['auth', 'account', 'employees', 'profile']);

/** Routes fuzzed side by side: the calls wait on DynamoDB Local, so a few at once keep both cores busy. */
const ROUTES_IN_FLIGHT = 6;

/** Caller-side totals over the whole suite. */
let unauthorized = 0;

async function fuzz(route: RouteContract): Promise<string[]> {
  const failures: string[] = [];
  const handler = await handlerOf(route);
  // A fresh session per route: crafted calls to revoke, sign-out or password routes may end the last one.
  const token = await login(tenant.admin.email);
  // Real ids of the caller's own, so crafted bodies and queries get past the path and reach the service.
  const params = Object.fromEntries(
    pathParams(route).map((name) => [name, name === 'companyId' ? tenant.companyId : tenant.admin.id]),
  );
  const cases = [
    ...(route.body ? craftedBodies(route).map((body) => ({ body })) : []),
    ...(route.method === 'GET' ? craftedQueries(tenant.companyId).map((query) => ({ query })) : []),
    { params: Object.fromEntries(pathParams(route).map((name) => [name, '..%2F..'])) },
    { params: Object.fromEntries(pathParams(route).map((name) => [name, 'f'.repeat(300)])) },
  ];
  for (const crafted of cases) {
    const answer = await callRoute(handler, route, { token, params, ...crafted });
    if (answer.status === 401) unauthorized += 1;
    if (answer.status >= 500) {
      failures.push(`${route.id} ${JSON.stringify(crafted).slice(0, 100)}: ${answer.status}`);
    }
  }
  return failures;
}

/**
 * A test per domain, so one slow domain on a busy machine never times out the whole manifest. Domains that can
 * end the caller's sessions or change who the caller is run their routes one at a time, after the rest.
 */
const routes = employeeRoutes();
const domains = [
  ...byDomain(routes.filter((route) => !SESSION_DOMAINS.has(route.domain))),
  ...byDomain(routes.filter((route) => SESSION_DOMAINS.has(route.domain))),
];

describe('crafted input over every route of the manifest', () => {
  it.each(domains)(
    'never answers 500 on the %s routes',
    async (domain, domainRoutes) => {
      const inFlight = SESSION_DOMAINS.has(domain) ? 1 : ROUTES_IN_FLIGHT;
      const failures = (await mapLimited(domainRoutes, inFlight, fuzz)).flat();
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('keeps the caller signed in but for the routes that end a session', () => {
    expect(domains.length).toBeGreaterThan(20);
    expect(unauthorized).toBeLessThan(20);
  });
});
