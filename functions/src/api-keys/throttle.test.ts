import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey } from '@atende/shared/contracts/api-keys/routes';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { apiKeyKeys } from './store.ts';
import { takeApiKeyToken } from './throttle.ts';

let a: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  a = await createTenant();
});

async function newKey(name: string) {
  const answer = await callRoute(handler, createApiKey, {
    token: a.admin.token,
    body: { name, scopes: ['contacts:read'] },
  });
  expect(answer.status).toBe(201);
  return answer.body as { _id: string; key: string };
}

describe('API key throttling', () => {
  it('spends a burst, then lets calls through at the steady rate, answering how long to wait', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const [company, key] = [newObjectId(), newObjectId()];
    const limit = { burst: 3, perSecond: 2 };
    const taken = [];
    for (let call = 0; call < 4; call += 1) taken.push(await takeApiKeyToken(company, key, limit, now));
    expect(taken).toEqual([0, 0, 0, 1]);
    clock += 500;
    expect(await takeApiKeyToken(company, key, limit, now)).toBe(0);
    expect(await takeApiKeyToken(company, key, limit, now)).toBe(1);
    // Another key of the same company has its own bucket.
    expect(await takeApiKeyToken(company, newObjectId(), limit, now)).toBe(0);
  });

  it('answers 429 with Retry-After to a key over its rate, while another key keeps working', async () => {
    const [busy, calm] = await Promise.all([newKey('ERP'), newKey('BI')]);
    expect((await callRoute(contactsHandler, listContacts, { apiKey: busy.key })).status).toBe(200);
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        // In debt rather than empty: a loaded machine may take a few hundred ms to the next call, which would
        // refill an empty bucket by a token at 10/s.
        Item: { ...apiKeyKeys.bucket(a.companyId, busy._id), tokens: -50, refilled_at: Date.now() },
      }),
    );
    const throttled = await callRoute(contactsHandler, listContacts, { apiKey: busy.key });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ message: ptBR.developers.api.throttled });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await callRoute(contactsHandler, listContacts, { apiKey: calm.key })).status).toBe(200);
  });
});
