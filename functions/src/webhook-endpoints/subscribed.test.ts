import { randomBytes } from 'node:crypto';
import { createWebhookEndpoint } from '@atende/shared/contracts/webhook-endpoints/routes';
import { ENV } from '@atende/shared/infra/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { subscribedEndpoints } from './outbox.ts';
import { startReceiver } from './test-support.ts';

let a: Tenant;
let b: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  receiver = await startReceiver([200]);
});

afterAll(() => receiver.close());

const created = (tenant: Tenant) => ({ company_id: tenant.companyId, type: 'contact.created' as const });

describe('the endpoints an event goes to', () => {
  it('sees an endpoint created right after its company was found to have none, and only in its company', async () => {
    expect(await subscribedEndpoints(created(a))).toEqual([]);
    expect(await subscribedEndpoints(created(b))).toEqual([]);
    const answer = await callRoute(handler, createWebhookEndpoint, {
      token: a.admin.token,
      body: { url: receiver.url, events: ['contact.created'] },
    });
    expect(answer.status).toBe(201);
    const { _id } = answer.body as { _id: string };
    expect((await subscribedEndpoints(created(a))).map((endpoint) => endpoint._id)).toEqual([_id]);
    expect(await subscribedEndpoints({ company_id: a.companyId, type: 'contact.deleted' })).toEqual([]);
    expect(await subscribedEndpoints(created(b))).toEqual([]);
  });
});
