import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { createApiKey } from '@atende/shared/contracts/api-keys/routes';
import { createWebhookEndpoint } from '@atende/shared/contracts/webhook-endpoints/routes';
import { ENV } from '@atende/shared/infra/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  TEST_JWT_SECRET,
} from '../conversations/test-inbox.ts';
import { clients } from '../lib/clients.ts';
import { mapLimited } from '../lib/concurrency.ts';
import { config } from '../lib/config.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { handler as apiKeysHandler } from '../api-keys/handler.ts';
import { handler as webhookEndpointsHandler } from '../webhook-endpoints/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { byDomain, employeeRoutes, handlerOf, pathParams } from './manifest-routes.ts';

/**
 * Generated from the route manifest, so a new route is covered the day it is added: another company's admin,
 * naming the first company's ids in every path parameter, gets 400/403/404, never an answer carrying the first
 * company's ids, and the first company's items are byte for byte unchanged afterwards; every list answers the
 * second admin without a single foreign id.
 */
/**
 * Routes called side by side (the stranger's calls on routes naming ids end no session): the calls wait on
 * DynamoDB Local, so a few at once keep both cores busy.
 */
const ROUTES_IN_FLIGHT = 6;

let owner: Inbox;
let stranger: Tenant;

async function companyItems(companyId: string): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new ScanCommand({
        TableName: config().mainTable,
        FilterExpression: 'begins_with(pk, :company)',
        ExpressionAttributeValues: { ':company': `C#${companyId}#` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return JSON.stringify(items.map((item) => JSON.stringify(item)).sort());
}

/** Every object id the owner's items carry, the company's own first. */
function ownerIds(snapshot: string): string[] {
  const ids = new Set<string>([owner.companyId, owner.admin.id]);
  for (const match of snapshot.matchAll(/\\"_id\\":\\"([0-9a-f]{24})\\"/g)) ids.add(match[1] as string);
  return [...ids];
}

beforeAll(async () => {
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  await useTestTables();
  owner = await createInbox();
  stranger = await createTenant();
  await deliverInbound(inboundText(owner, { externalId: 'tenancy-visitor', text: 'Olá' }));
  const token = owner.admin.token;
  await callRoute(contactsHandler, createContact, {
    token,
    body: { full_name: 'Cliente do Dono', cel_phone: '(85) 98888-7070', email: 'dono@cliente.com.br' },
  });
  await callRoute(tagsHandler, createTag, { token, body: { name: 'vip-dono', color: '#ff0000' } });
  process.env[ENV.encryptionKey] ??= 'tenancy-suite-key';
  await callRoute(webhookEndpointsHandler, createWebhookEndpoint, {
    token,
    body: { url: 'https://example.com/hooks', events: ['contact.created'] },
  });
  await callRoute(apiKeysHandler, createApiKey, { token, body: { name: 'Chave do dono', scopes: ['*'] } });
}, 60_000);

/** The owner's items before the stranger's calls, and the tally of how those calls were refused. */
let before: string;
let ids: string[];
const refused = { 400: 0, 403: 0, 404: 0 } as Record<number, number>;

const idRoutes = employeeRoutes().filter((route) => pathParams(route).length > 0);
const listRoutes = employeeRoutes().filter(
  (route) => route.method === 'GET' && pathParams(route).length === 0,
);

/**
 * A test per domain, so one slow domain on a busy machine never times out the whole manifest; the owner's
 * items are compared byte for byte once every domain has run.
 */
describe('tenancy, generated from the manifest', () => {
  beforeAll(async () => {
    before = await companyItems(owner.companyId);
    ids = ownerIds(before);
  });

  it.each(byDomain(idRoutes))(
    "refuses another company's admin every %s route that names the owner's ids",
    async (_domain, routes) => {
      expect(ids.length).toBeGreaterThan(5);
      const leaks: string[] = [];
      await mapLimited(routes, ROUTES_IN_FLIGHT, async (route) => {
        const handler = await handlerOf(route);
        for (const id of ids) {
          const params = Object.fromEntries(pathParams(route).map((name) => [name, id]));
          const answer = await callRoute(handler, route, {
            token: stranger.admin.token,
            params,
            ...(route.body ? { body: {} } : {}),
          });
          const text = JSON.stringify(answer.body ?? '');
          const foreign = ids.filter((other) => other !== id && text.includes(other));
          refused[answer.status] = (refused[answer.status] ?? 0) + 1;
          if (![400, 403, 404].includes(answer.status) || foreign.length > 0) {
            leaks.push(`${route.id} ${id}: ${answer.status} ${text.slice(0, 120)}`);
          }
        }
      });
      expect(leaks).toEqual([]);
    },
    120_000,
  );

  it("changed nothing of the owner's, refusing mostly on ownership", async () => {
    expect(idRoutes.length).toBeGreaterThan(20);
    // Most refusals are the ownership check itself, not a body schema refusing `{}` first.
    expect((refused[403] ?? 0) + (refused[404] ?? 0)).toBeGreaterThan(refused[400] ?? 0);
    expect(await companyItems(owner.companyId)).toBe(before);
  });

  it.each(byDomain(listRoutes))(
    "lists nothing of the owner's on the %s routes",
    async (_domain, lists) => {
      const leaks: string[] = [];
      await mapLimited(lists, ROUTES_IN_FLIGHT, async (route) => {
        const answer = await callRoute(await handlerOf(route), route, { token: stranger.admin.token });
        expect(answer.status, route.id).toBeLessThan(500);
        const text = JSON.stringify(answer.body ?? '');
        const foreign = ids.filter((id) => text.includes(id));
        if (foreign.length > 0) leaks.push(`${route.id}: ${foreign.join(',')}`);
      });
      expect(leaks).toEqual([]);
    },
    120_000,
  );

  it('has list routes to check', () => {
    expect(listRoutes.length).toBeGreaterThan(10);
  });
});
