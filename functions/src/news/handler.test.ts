import { PRODUCT_NEWS } from '@atende/shared/content/news';
import { listNews, markNewsRead, type NewsItemView } from '@atende/shared/contracts/news/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const items = async (token: string) =>
  ((await callRoute(handler, listNews, { token })).body as { items: NewsItemView[] }).items;

describe('product news with read state per employee', () => {
  it('lists every news item newest first, unread, and marks read for the caller only', async () => {
    const before = await items(a.operator.token);
    expect(before.map((item) => item.id)).toEqual(
      [...PRODUCT_NEWS].sort((x, y) => y.date.localeCompare(x.date)).map((item) => item.id),
    );
    expect(before.every((item) => !item.read)).toBe(true);
    const first = before[0]?.id ?? '';
    const marked = await callRoute(handler, markNewsRead, {
      token: a.operator.token,
      body: { ids: [first] },
    });
    expect((marked.body as { items: NewsItemView[] }).items.find((item) => item.id === first)?.read).toBe(
      true,
    );
    expect((await items(a.admin.token)).find((item) => item.id === first)?.read).toBe(false);
    expect((await items(b.operator.token)).find((item) => item.id === first)?.read).toBe(false);
  });

  it('refuses unknown ids and empty lists', async () => {
    expect(
      (await callRoute(handler, markNewsRead, { token: a.admin.token, body: { ids: ['nope'] } })).body,
    ).toMatchObject({ field: 'ids' });
    expect((await callRoute(handler, markNewsRead, { token: a.admin.token, body: { ids: [] } })).status).toBe(
      400,
    );
  });
});
