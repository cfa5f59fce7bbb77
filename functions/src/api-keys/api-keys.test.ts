import SwaggerParser from '@apidevtools/swagger-parser';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { publicApiRoutes } from '@atende/shared/contracts/api-keys/scopes';
import { requiredScope } from '@atende/shared/contracts/api-keys/public-api';
import {
  createApiKey,
  deleteApiKey,
  getOpenApi,
  listApiKeys,
} from '@atende/shared/contracts/api-keys/routes';
import type { ApiKeyView } from '@atende/shared/contracts/api-keys/views';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { API_PREFIX } from '@atende/shared/contracts/types';
import { listWebhookEndpoints } from '@atende/shared/contracts/webhook-endpoints/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../audit/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as webhooksHandler } from '../webhook-endpoints/handler.ts';
import { handler } from './handler.ts';
import { apiKeyKeys } from './store.ts';

let a: Tenant;
let b: Tenant;
let contactOfB: ContactView;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const created = await callRoute(contactsHandler, createContact, {
    token: b.admin.token,
    body: { full_name: 'Cliente da Outra', cel_phone: '(85) 97777-1212' },
  });
  contactOfB = created.body as ContactView;
});

async function newKey(tenant: Tenant, body: Record<string, unknown>) {
  const answer = await callRoute(handler, createApiKey, { token: tenant.admin.token, body });
  expect(answer.status).toBe(201);
  return answer.body as { _id: string; key: string };
}

describe('API keys', () => {
  it('answers the key once and lists only what tells keys apart', async () => {
    const { _id, key } = await newKey(a, { name: 'ERP', scopes: ['contacts:read'] });
    expect(key).toMatch(/^atd_/);
    const list = await callRoute(handler, listApiKeys, { token: a.admin.token });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(key.split('_')[3]);
    expect(text).not.toContain('key_hash');
    const mine = (list.body as { keys: ApiKeyView[] }).keys.find((entry) => entry._id === _id);
    expect(mine).toMatchObject({
      name: 'ERP',
      scopes: ['contacts:read'],
      expires_at: null,
      last_used_at: null,
    });
  });

  it('answers 400 naming the field for a bad scope, no name or a past expiry', async () => {
    const scope = await callRoute(handler, createApiKey, {
      token: a.admin.token,
      body: { name: 'x', scopes: ['contacts:delete'] },
    });
    expect(scope).toMatchObject({ status: 400, body: { field: 'scopes.0' } });
    const name = await callRoute(handler, createApiKey, {
      token: a.admin.token,
      body: { name: ' ', scopes: ['*'] },
    });
    expect(name).toMatchObject({ status: 400, body: { field: 'name' } });
    const past = await callRoute(handler, createApiKey, {
      token: a.admin.token,
      body: { name: 'x', scopes: ['*'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past).toMatchObject({ status: 400, body: { field: 'expires_at' } });
  });

  it('is managed by admins only', async () => {
    const asManager = await callRoute(handler, listApiKeys, { token: a.manager.token });
    expect(asManager.status).toBe(403);
    const asOperator = await callRoute(handler, createApiKey, {
      token: a.operator.token,
      body: { name: 'x', scopes: ['*'] },
    });
    expect(asOperator.status).toBe(403);
  });

  it('reaches the routes of its scopes and nothing else', async () => {
    const { key } = await newKey(a, { name: 'Leitor', scopes: ['contacts:read'] });
    const read = await callRoute(contactsHandler, listContacts, { apiKey: key });
    expect(read.status).toBe(200);
    const write = await callRoute(contactsHandler, createContact, {
      apiKey: key,
      body: { full_name: 'Via API', cel_phone: '(85) 96666-1313' },
    });
    expect(write.status).toBe(403);

    const { key: all } = await newKey(a, { name: 'Tudo', scopes: ['*'] });
    // Not part of the public API, whatever the key's scopes.
    expect((await callRoute(employeesHandler, listEmployees, { apiKey: all })).status).toBe(403);
    expect((await callRoute(webhooksHandler, listWebhookEndpoints, { apiKey: all })).status).toBe(403);
    expect((await callRoute(handler, listApiKeys, { apiKey: all })).status).toBe(403);
  });

  it('writes with a write scope, and the change is audited with the key name', async () => {
    const { _id, key } = await newKey(a, {
      name: 'Integração CRM',
      scopes: ['contacts:write', 'contacts:read'],
    });
    const created = await callRoute(contactsHandler, createContact, {
      apiKey: key,
      body: { full_name: 'Criado pela API', cel_phone: '(85) 95555-1414' },
    });
    expect(created.status).toBe(201);
    const contactTrail = await listAuditEntries(a.companyId, { entity: 'contact', limit: 20 });
    const change = contactTrail.items.find((entry) => entry.entityId === (created.body as ContactView)._id);
    expect(change?.actor).toEqual({ _id, name: 'Chave de API: Integração CRM' });
    const calls = await listAuditEntries(a.companyId, { entity: 'api_key', limit: 50 });
    const mine = calls.items.filter((entry) => entry.entityId === _id && entry.action === 'api_call');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]?.actor.name).toBe('Chave de API: Integração CRM');
    const list = await callRoute(handler, listApiKeys, { token: a.admin.token });
    const used = (list.body as { keys: ApiKeyView[] }).keys.find((entry) => entry._id === _id);
    expect(used?.last_used_at).not.toBeNull();
  });

  it('stops working the moment it is revoked', async () => {
    const { _id, key } = await newKey(a, { name: 'Temporária', scopes: ['*'] });
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(200);
    const revoked = await callRoute(handler, deleteApiKey, { token: a.admin.token, params: { id: _id } });
    expect(revoked.status).toBe(204);
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(401);
  });

  it('refuses an expired key and a tampered one', async () => {
    const { _id, key } = await newKey(a, {
      name: 'Expira',
      scopes: ['*'],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(200);
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: apiKeyKeys.key(a.companyId, _id),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(401);
    const { key: good } = await newKey(a, { name: 'Boa', scopes: ['*'] });
    const tampered = `${good.slice(0, -2)}${good.endsWith('aa') ? 'bb' : 'aa'}`;
    expect((await callRoute(contactsHandler, listContacts, { apiKey: tampered })).status).toBe(401);
    // Company B's id in a key of company A's making: the hash under B's partition does not exist.
    const forged = good.replace(a.companyId, b.companyId);
    expect((await callRoute(contactsHandler, listContacts, { apiKey: forged })).status).toBe(401);
  });

  it("sees its own company only, and another company's admin cannot touch its keys", async () => {
    const { _id, key } = await newKey(a, { name: 'Só A', scopes: ['*'] });
    const list = await callRoute(contactsHandler, listContacts, { apiKey: key });
    expect(JSON.stringify(list.body)).not.toContain(contactOfB._id);
    const foreign = await callRoute(contactsHandler, getContact, {
      apiKey: key,
      params: { id: contactOfB._id },
    });
    expect(foreign.status).toBe(404);
    const theirs = await callRoute(handler, listApiKeys, { token: b.admin.token });
    expect(JSON.stringify(theirs.body)).not.toContain(_id);
    const revoke = await callRoute(handler, deleteApiKey, { token: b.admin.token, params: { id: _id } });
    expect(revoke.status).toBe(404);
    expect((await callRoute(contactsHandler, listContacts, { apiKey: key })).status).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('is served without authentication and validates as OpenAPI 3.1', async () => {
    const answer = await callRoute(handler, getOpenApi);
    expect(answer.status).toBe(200);
    const document = answer.body as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('covers every public route with its scope, and nothing else', async () => {
    const document = (await callRoute(handler, getOpenApi)).body as {
      paths: Record<string, Record<string, { operationId: string; 'x-required-scope': string }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
    );
    const routes = publicApiRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      routes.map((route) => route.id).sort(),
    );
    for (const route of routes) {
      const operation = operations.find((candidate) => candidate.operationId === route.id);
      expect(operation).toMatchObject({
        path: `${API_PREFIX}${route.path}`,
        method: route.method.toLowerCase(),
        'x-required-scope': requiredScope(route),
      });
    }
  });
});
