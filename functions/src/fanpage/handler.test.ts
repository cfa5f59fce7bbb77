import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getFanpages } from '@atende/shared/contracts/fanpage/get-fanpages';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.company(a.companyId),
      UpdateExpression: 'SET instagrams = :instagrams',
      ExpressionAttributeValues: { ':instagrams': { ig1: { label: 'Loja', access_token: 'token' } } },
    }),
  );
});

describe('GET /fanpage', () => {
  it('decides the Instagram status from the active pages, per company', async () => {
    expect((await callRoute(handler, getFanpages, { token: a.operator.token })).body).toEqual({
      fanPages: [],
      instagram: { status: 'page-missing', integrations: [{ id: 'ig1', label: 'Loja' }] },
    });
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: keys.company(a.companyId),
        UpdateExpression: 'SET settings.facebook_active_pages = :pages',
        ExpressionAttributeValues: { ':pages': ['1029384756'] },
      }),
    );
    expect((await callRoute(handler, getFanpages, { token: a.admin.token })).body).toMatchObject({
      fanPages: ['1029384756'],
      instagram: { status: 'connected' },
    });
    expect((await callRoute(handler, getFanpages, { token: b.admin.token })).body).toMatchObject({
      fanPages: [],
      instagram: { status: 'none', integrations: [] },
    });
  });
});
