import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getAiSettings, putAiSettings, testAiSettings } from '@atende/shared/contracts/ai/routes';
import type { AiSettingsView, AiTestResult } from '@atende/shared/contracts/ai/settings-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { aiKeys } from './keys.ts';
import { chat } from './model-client.ts';
import { readEndpoint } from './settings.ts';
import { startTestModel } from './test-model.ts';

const KEY = 'sk-secret-key-never-leaves-9876';
let a: Tenant;
let b: Tenant;
let model: Awaited<ReturnType<typeof startTestModel>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  model = await startTestModel();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => model.close());

const settingsBody = (apiKey?: string) => ({
  base_url: model.url,
  ...(apiKey ? { api_key: apiKey } : {}),
  chat_model: 'fake-chat',
  embedding_model: 'fake-embed',
});

describe('AI model settings', () => {
  it('saves an OpenAI-compatible endpoint with the key sealed, never returned, and kept on a later save', async () => {
    const saved = await callRoute(handler, putAiSettings, { token: a.admin.token, body: settingsBody(KEY) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, has_api_key: true, chat_model: 'fake-chat' });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    const read = await callRoute(handler, getAiSettings, { token: a.admin.token });
    expect(JSON.stringify(read.body)).not.toContain(KEY.slice(-4));
    const raw = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: aiKeys.settings(a.companyId) }),
    );
    expect(JSON.stringify(raw.Item)).not.toContain(KEY);
    await callRoute(handler, putAiSettings, {
      token: a.admin.token,
      body: { ...settingsBody(), chat_model: 'other' },
    });
    expect((await readEndpoint(a.companyId))?.apiKey).toBe(KEY);
    await callRoute(handler, putAiSettings, { token: a.admin.token, body: settingsBody(KEY) });
  });

  it('tests both endpoints, and the key reaches only the model endpoint, as a bearer token', async () => {
    const before = model.calls.length;
    const tested = await callRoute(handler, testAiSettings, { token: a.admin.token });
    expect(tested.body).toEqual({ ok: true, message: ptBR.ai.connectionOk, chat: true, embeddings: true });
    const calls = model.calls.slice(before);
    expect(calls.map((call) => call.path)).toEqual(['/v1/chat/completions', '/v1/embeddings']);
    expect(calls.every((call) => call.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(calls.every((call) => !JSON.stringify(call.body).includes(KEY))).toBe(true);
    const usage = (await callRoute(handler, getAiSettings, { token: a.admin.token })).body as AiSettingsView;
    expect(usage.usage.find((entry) => entry.feature === 'test')).toMatchObject({ calls: 2 });
  });

  it('answers a clear pt-BR error for a refused key and an unreachable endpoint', async () => {
    await callRoute(handler, putAiSettings, { token: b.admin.token, body: settingsBody('wrong-key') });
    const refused = (await callRoute(handler, testAiSettings, { token: b.admin.token })).body as AiTestResult;
    expect(refused).toEqual({ ok: false, message: ptBR.ai.errors.auth, chat: false, embeddings: false });
    await callRoute(handler, putAiSettings, {
      token: b.admin.token,
      body: { ...settingsBody(KEY), base_url: 'http://127.0.0.1:1/v1' },
    });
    const down = (await callRoute(handler, testAiSettings, { token: b.admin.token })).body as AiTestResult;
    expect(down.ok).toBe(false);
    expect(down.message).toContain('O provedor de IA não respondeu');
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    const endpoint = await readEndpoint(a.companyId);
    if (!endpoint) throw new Error('no endpoint');
    model.failNext('rate_limit');
    model.failNext('unavailable');
    const before = model.calls.length;
    const text = await chat(endpoint, [{ role: 'user', content: 'oi' }], {
      companyId: a.companyId,
      feature: 'test',
      backoffMs: 1,
    });
    expect(text).toBe('oi');
    expect(model.calls.length - before).toBe(3);
  });

  it('is for admins of the company only, and needs a base URL', async () => {
    expect((await callRoute(handler, getAiSettings, { token: a.operator.token })).status).toBe(403);
    expect(
      (await callRoute(handler, putAiSettings, { token: a.manager.token, body: settingsBody(KEY) })).status,
    ).toBe(403);
    const bad = await callRoute(handler, putAiSettings, {
      token: a.admin.token,
      body: { ...settingsBody(KEY), base_url: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'base_url' });
  });
});
