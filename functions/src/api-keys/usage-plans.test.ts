import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanCommand,
  NotFoundException,
  UpdateUsagePlanCommand,
} from '@aws-sdk/client-api-gateway';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey, deleteApiKey, listApiKeys } from '@atende/shared/contracts/api-keys/routes';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { apiKeyKeys } from './store.ts';

const gateway = mockClient(APIGatewayClient);
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

beforeEach(() => {
  gateway.reset();
  process.env.REST_API_ID = 'abc123rest';
  process.env.REST_API_STAGE = 'prod';
  gateway.on(CreateApiKeyCommand).resolves({ id: 'gw-key-1' });
  gateway.on(CreateUsagePlanCommand).resolves({ id: 'gw-plan-1' });
  gateway.on(CreateUsagePlanKeyCommand).resolves({});
  gateway.on(UpdateUsagePlanCommand).resolves({});
  gateway.on(DeleteUsagePlanCommand).resolves({});
  gateway.on(DeleteApiKeyCommand).resolves({});
});

afterAll(() => {
  delete process.env.REST_API_ID;
  delete process.env.REST_API_STAGE;
  gateway.restore();
});

const create = (tenant: Tenant, name: string) =>
  callRoute(handler, createApiKey, { token: tenant.admin.token, body: { name, scopes: ['contacts:read'] } });

const stored = async (tenant: Tenant, id: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: apiKeyKeys.key(tenant.companyId, id) }),
    )
  ).Item;

describe('API Gateway usage plan per API key', () => {
  it('creates an API Gateway key with the same value in its own usage plan (burst 60, 10/s) on the stage', async () => {
    const answer = await create(a, 'ERP');
    expect(answer.status).toBe(201);
    const { _id, key } = answer.body as { _id: string; key: string };
    expect(gateway.commandCalls(CreateApiKeyCommand)[0]?.args[0].input).toMatchObject({
      name: `atende-${a.companyId}-${_id}`,
      value: key,
      enabled: true,
    });
    expect(gateway.commandCalls(CreateUsagePlanCommand)[0]?.args[0].input).toMatchObject({
      throttle: { burstLimit: 60, rateLimit: 10 },
      apiStages: [{ apiId: 'abc123rest', stage: 'prod' }],
    });
    expect(gateway.commandCalls(CreateUsagePlanKeyCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'gw-plan-1',
      keyId: 'gw-key-1',
      keyType: 'API_KEY',
    });
    expect((await stored(a, _id))?.gateway).toEqual({ api_key_id: 'gw-key-1', usage_plan_id: 'gw-plan-1' });
    // The list never shows the gateway's ids.
    const listed = await callRoute(handler, listApiKeys, { token: a.admin.token });
    expect(JSON.stringify(listed.body)).not.toContain('gw-key-1');
  });

  it('removes the usage plan (unbound from the stage first) and the API Gateway key on revocation', async () => {
    const { _id } = (await create(a, 'BI')).body as { _id: string };
    gateway.resetHistory();
    const revoked = await callRoute(handler, deleteApiKey, { token: a.admin.token, params: { id: _id } });
    expect(revoked.status).toBe(204);
    expect(gateway.commandCalls(UpdateUsagePlanCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'gw-plan-1',
      patchOperations: [{ op: 'remove', path: '/apiStages', value: 'abc123rest:prod' }],
    });
    expect(gateway.commandCalls(DeleteUsagePlanCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'gw-plan-1',
    });
    expect(gateway.commandCalls(DeleteApiKeyCommand)[0]?.args[0].input).toEqual({ apiKey: 'gw-key-1' });
    expect(await stored(a, _id)).toBeUndefined();
  });

  it('revokes immediately even when API Gateway already lost the plan', async () => {
    const { _id } = (await create(a, 'Legado')).body as { _id: string };
    gateway
      .on(UpdateUsagePlanCommand)
      .rejects(new NotFoundException({ message: 'Invalid Usage Plan ID specified', $metadata: {} }));
    const revoked = await callRoute(handler, deleteApiKey, { token: a.admin.token, params: { id: _id } });
    expect(revoked.status).toBe(204);
    expect(gateway.commandCalls(DeleteApiKeyCommand)).toHaveLength(1);
    expect(await stored(a, _id)).toBeUndefined();
  });

  it('hands out no key API Gateway refused, and removes what it had created', async () => {
    gateway.on(CreateUsagePlanCommand).rejects(new Error('LimitExceededException: usage plans'));
    const before = (
      (await callRoute(handler, listApiKeys, { token: b.admin.token })).body as { keys: unknown[] }
    ).keys.length;
    const answer = await create(b, 'Recusada');
    expect(answer.status).toBe(500);
    expect(gateway.commandCalls(DeleteApiKeyCommand)[0]?.args[0].input).toEqual({ apiKey: 'gw-key-1' });
    const after = (await callRoute(handler, listApiKeys, { token: b.admin.token })).body as {
      keys: unknown[];
    };
    expect(after.keys).toHaveLength(before);
  });

  it("does not let another company's admin revoke the key (nor touch API Gateway)", async () => {
    const { _id } = (await create(a, 'Privada')).body as { _id: string };
    gateway.resetHistory();
    const answer = await callRoute(handler, deleteApiKey, { token: b.admin.token, params: { id: _id } });
    expect(answer.status).toBe(404);
    expect(gateway.commandCalls(DeleteApiKeyCommand)).toHaveLength(0);
    expect(await stored(a, _id)).toBeDefined();
  });

  it("leaves throttling to the key's usage plan on AWS: the authorizer's bucket refuses nothing there", async () => {
    const { _id, key } = (await create(b, 'Gateway')).body as { _id: string; key: string };
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...apiKeyKeys.bucket(b.companyId, _id), tokens: 0, refilled_at: Date.now() + 60_000 },
      }),
    );
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(200);
  });

  it('calls no API Gateway on the local runtime (no REST_API_ID): the token bucket throttles there', async () => {
    delete process.env.REST_API_ID;
    const { _id } = (await create(b, 'Local')).body as { _id: string };
    expect(gateway.calls()).toHaveLength(0);
    expect((await stored(b, _id))?.gateway).toBeUndefined();
    expect(
      (await callRoute(handler, deleteApiKey, { token: b.admin.token, params: { id: _id } })).status,
    ).toBe(204);
    expect(gateway.calls()).toHaveLength(0);
  });
});
