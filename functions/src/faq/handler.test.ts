import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readFaqArticle, searchFaqArticles, voteFaqArticle } from '@atende/shared/contracts/faq/articles';
import { createFaqCategory, deleteFaqCategory } from '@atende/shared/contracts/faq/categories';
import { getFaqSetup, updateFaqConfig } from '@atende/shared/contracts/faq/config';
import {
  createFaqArticle,
  listFaqDrafts,
  setFaqArticleStatus,
  updateFaqArticle,
} from '@atende/shared/contracts/faq/manage';
import { type FaqReportView, getFaqReport } from '@atende/shared/contracts/faq/reports';
import type { FaqArticleView, FaqPublishedView } from '@atende/shared/contracts/faq/views';
import type { RouteContract } from '@atende/shared/contracts/types';
import { ptBR } from '@atende/shared/i18n/pt-BR';
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
let plain: Tenant;

const setCompany = (companyId: string, values: Record<string, unknown>) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.company(companyId),
      UpdateExpression: `SET ${Object.keys(values)
        .map((_, i) => `#k${i} = :v${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((key, i) => [`#k${i}`, key])),
      ExpressionAttributeValues: Object.fromEntries(
        Object.values(values).map((value, i) => [`:v${i}`, value]),
      ),
    }),
  );

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b, plain] = await Promise.all([createTenant(), createTenant(), createTenant()]);
  await setCompany(a.companyId, { modules: { faq: 1 } });
  await setCompany(b.companyId, { modules: { faq: 1 } });
  // `plain` keeps the module off (faq 0) on the professional plan.
});

const article = (title: string, body: string) => ({ title, body, category: null, attachments: [] });

/** One route behind each FAQ page (spec point 2) and a body it accepts. */
const PAGES: Record<string, { contract: RouteContract; body?: unknown }> = {
  index: { contract: searchFaqArticles },
  config: { contract: updateFaqConfig, body: undefined },
  create: { contract: createFaqArticle, body: article('Rascunho', '<p>texto</p>') },
  manager: { contract: createFaqCategory, body: undefined },
  reports: { contract: getFaqReport },
};

type Who = 'admin' | 'manager' | 'operator';
const status = async (tenant: Tenant, who: Who, page: keyof typeof PAGES, body?: unknown) => {
  const { contract } = PAGES[page] as { contract: RouteContract };
  const answer = await callRoute(handler, contract, {
    token: tenant[who].token,
    ...(body !== undefined ? { body } : PAGES[page]?.body !== undefined ? { body: PAGES[page]?.body } : {}),
  });
  return answer.status;
};

let categorySeq = 0;
const bodyFor = (page: string) => {
  if (page === 'manager') return { name: `Categoria ${(categorySeq += 1)}` };
  if (page === 'config') return { mode: 'normal', admins: [], managers: [], creators: [] };
  return undefined;
};

describe('FAQ access per page (spec points 2 and 5)', () => {
  it.each([
    // normal mode: the company admin is the only FAQ role; everyone reads and searches.
    { who: 'admin', page: 'index', allowed: true },
    { who: 'admin', page: 'config', allowed: true },
    { who: 'admin', page: 'create', allowed: true },
    { who: 'admin', page: 'manager', allowed: true },
    { who: 'admin', page: 'reports', allowed: true },
    { who: 'manager', page: 'index', allowed: true },
    { who: 'manager', page: 'config', allowed: false },
    { who: 'manager', page: 'create', allowed: false },
    { who: 'manager', page: 'manager', allowed: false },
    { who: 'manager', page: 'reports', allowed: false },
    { who: 'operator', page: 'index', allowed: true },
    { who: 'operator', page: 'create', allowed: false },
    { who: 'operator', page: 'reports', allowed: false },
  ] as const)('normal mode: $who on $page → $allowed', async ({ who, page, allowed }) => {
    const answer = await status(a, who, page, bodyFor(page));
    expect(answer < 300, `status ${answer}`).toBe(allowed);
    if (!allowed) expect(answer).toBe(403);
  });

  it.each(['index', 'config', 'create', 'manager', 'reports'] as const)(
    'module faq off: even the company admin is refused %s',
    async (page) => {
      expect(await status(plain, 'admin', page, bodyFor(page))).toBe(403);
    },
  );

  it('another plan than professional is refused', async () => {
    const basic = await createTenant();
    await setCompany(basic.companyId, { modules: { faq: 1 }, account_type: 'advanced' });
    expect(await status(basic, 'admin', 'index')).toBe(403);
  });

  describe('team mode: roles from the lists', () => {
    beforeAll(async () => {
      const saved = await callRoute(handler, updateFaqConfig, {
        token: b.admin.token,
        body: { mode: 'team', admins: [], managers: [b.manager.id], creators: [b.operator.id] },
      });
      expect(saved.status).toBe(200);
      // The saving admin stays an FAQ admin.
      expect((saved.body as { setting: { admins: string[] } }).setting.admins).toEqual([b.admin.id]);
    });

    it.each([
      { who: 'manager', page: 'index', allowed: true },
      { who: 'manager', page: 'config', allowed: false },
      { who: 'manager', page: 'create', allowed: true },
      { who: 'manager', page: 'manager', allowed: true },
      { who: 'manager', page: 'reports', allowed: true },
      { who: 'operator', page: 'index', allowed: true },
      { who: 'operator', page: 'config', allowed: false },
      { who: 'operator', page: 'create', allowed: true },
      { who: 'operator', page: 'manager', allowed: false },
      { who: 'operator', page: 'reports', allowed: false },
      { who: 'admin', page: 'config', allowed: true },
    ] as const)('$who on $page → $allowed', async ({ who, page, allowed }) => {
      const body =
        page === 'config'
          ? { mode: 'team', admins: [], managers: [b.manager.id], creators: [b.operator.id] }
          : bodyFor(page);
      const answer = await status(b, who, page, body);
      expect(answer < 300, `status ${answer}`).toBe(allowed);
    });

    it('tells each caller their FAQ role', async () => {
      const roles = await Promise.all(
        (['admin', 'manager', 'operator'] as const).map(
          async (who) =>
            ((await callRoute(handler, getFaqSetup, { token: b[who].token })).body as { role: string }).role,
        ),
      );
      expect(roles).toEqual(['admin', 'manager', 'creator']);
    });
  });
});

describe('FAQ articles', () => {
  it('sanitizes, keeps drafts apart from the published version, and finds articles without accents', async () => {
    const created = await callRoute(handler, createFaqArticle, {
      token: a.admin.token,
      body: article(
        'Como emitir a segunda via da cobrança',
        '<p onclick="x()">Acesse <strong>Financeiro</strong> e clique em <a href="javascript:alert(1)">Emissão</a>.</p><script>alert(1)</script>',
      ),
    });
    expect(created.status).toBe(201);
    const draft = created.body as FaqArticleView;
    expect(draft.draft.body).toBe(
      '<p>Acesse <strong>Financeiro</strong> e clique em <a target="_blank" rel="noopener noreferrer">Emissão</a>.</p>',
    );
    // A draft is invisible to readers.
    const before = await callRoute(handler, searchFaqArticles, {
      token: a.operator.token,
      query: { search: 'cobranca' },
    });
    expect((before.body as { items: unknown[] }).items).toEqual([]);

    const published = await callRoute(handler, setFaqArticleStatus, {
      token: a.admin.token,
      params: { id: draft._id },
      body: { status: 'published' },
    });
    expect(published.body).toMatchObject({ status: 'published', published: { version: 1 } });
    await callRoute(handler, updateFaqArticle, {
      token: a.admin.token,
      params: { id: draft._id },
      body: article('Como emitir a segunda via da cobrança', '<p>Texto novo, ainda não publicado.</p>'),
    });

    for (const search of ['cobranca', 'COBRANÇA', 'emissao segunda']) {
      const found = await callRoute(handler, searchFaqArticles, {
        token: a.operator.token,
        query: { search },
      });
      const items = (found.body as { items: FaqPublishedView[] }).items;
      expect(
        items.map((item) => item._id),
        search,
      ).toEqual([draft._id]);
      expect(items[0]?.body).toContain('Financeiro');
    }
    // Another company finds nothing and cannot open it.
    const theirs = await callRoute(handler, searchFaqArticles, {
      token: b.operator.token,
      query: { search: 'cobranca' },
    });
    expect((theirs.body as { items: unknown[] }).items).toEqual([]);
    expect(
      (await callRoute(handler, readFaqArticle, { token: b.admin.token, params: { id: draft._id } })).status,
    ).toBe(404);
  });

  it('counts views, one vote per employee, and searches with no result for the reports', async () => {
    const created = (
      await callRoute(handler, createFaqArticle, {
        token: a.admin.token,
        body: article('Horário de atendimento', '<p>Das 8h às 18h.</p>'),
      })
    ).body as FaqArticleView;
    await callRoute(handler, setFaqArticleStatus, {
      token: a.admin.token,
      params: { id: created._id },
      body: { status: 'published' },
    });
    await callRoute(handler, readFaqArticle, { token: a.operator.token, params: { id: created._id } });
    await callRoute(handler, readFaqArticle, { token: a.manager.token, params: { id: created._id } });
    const voted = await callRoute(handler, voteFaqArticle, {
      token: a.operator.token,
      params: { id: created._id },
      body: { helpful: true },
    });
    expect(voted.body).toMatchObject({ helpful: 1, views: 2 });
    const again = await callRoute(handler, voteFaqArticle, {
      token: a.operator.token,
      params: { id: created._id },
      body: { helpful: false },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: ptBR.faq.alreadyVoted });
    await callRoute(handler, searchFaqArticles, {
      token: a.operator.token,
      query: { search: 'Reembolso pix' },
    });
    await callRoute(handler, searchFaqArticles, {
      token: a.manager.token,
      query: { search: 'reembolso PIX' },
    });

    const report = (await callRoute(handler, getFaqReport, { token: a.admin.token })).body as FaqReportView;
    expect(report.articles.find((line) => line._id === created._id)).toMatchObject({
      views: 2,
      helpful: 1,
      not_helpful: 0,
    });
    expect(report.searches_without_result).toContainEqual({ term: 'reembolso pix', count: 2 });
    const otherReport = (await callRoute(handler, getFaqReport, { token: b.admin.token }))
      .body as FaqReportView;
    expect(otherReport.searches_without_result.map((line) => line.term)).not.toContain('reembolso pix');
  });

  it('lets a creator publish their own articles but not archive, nor touch anyone else’s', async () => {
    const mine = await callRoute(handler, createFaqArticle, {
      token: b.operator.token,
      body: article('Do criador', '<p>x</p>'),
    });
    const id = (mine.body as FaqArticleView)._id;
    const published = await callRoute(handler, setFaqArticleStatus, {
      token: b.operator.token,
      params: { id },
      body: { status: 'published' },
    });
    expect(published.status).toBe(200);
    const archive = await callRoute(handler, setFaqArticleStatus, {
      token: b.operator.token,
      params: { id },
      body: { status: 'archived' },
    });
    expect(archive.status).toBe(403);
    const adminsOwn = await callRoute(handler, createFaqArticle, {
      token: b.admin.token,
      body: article('Do admin', '<p>y</p>'),
    });
    const other = (adminsOwn.body as FaqArticleView)._id;
    expect(
      (
        await callRoute(handler, updateFaqArticle, {
          token: b.operator.token,
          params: { id: other },
          body: article('z', '<p>z</p>'),
        })
      ).status,
    ).toBe(404);
    const list = (await callRoute(handler, listFaqDrafts, { token: b.operator.token, query: {} })).body as {
      items: FaqArticleView[];
    };
    expect(list.items.map((item) => item._id)).toContain(id);
    expect(list.items.map((item) => item._id)).not.toContain(other);
    expect(list.items.every((item) => item.author._id === b.operator.id)).toBe(true);
    // The FAQ manager archives it; readers no longer see it.
    expect(
      (
        await callRoute(handler, setFaqArticleStatus, {
          token: b.manager.token,
          params: { id },
          body: { status: 'archived' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await callRoute(handler, readFaqArticle, { token: b.operator.token, params: { id } })).status,
    ).toBe(404);
  });

  it('refuses an empty body after sanitizing, duplicate categories ignoring accents, and deleting a category in use', async () => {
    const empty = await callRoute(handler, createFaqArticle, {
      token: a.admin.token,
      body: article('T', '<script>x</script>'),
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'body' });
    const category = await callRoute(handler, createFaqCategory, {
      token: a.admin.token,
      body: { name: 'Cobrança' },
    });
    expect(category.status).toBe(201);
    const twin = await callRoute(handler, createFaqCategory, {
      token: a.admin.token,
      body: { name: 'cobranca' },
    });
    expect(twin.status).toBe(409);
    const categoryId = (category.body as { _id: string })._id;
    await callRoute(handler, createFaqArticle, {
      token: a.admin.token,
      body: { ...article('Com categoria', '<p>x</p>'), category: categoryId },
    });
    expect(
      (await callRoute(handler, deleteFaqCategory, { token: a.admin.token, params: { id: categoryId } }))
        .status,
    ).toBe(409);
    expect(
      (await callRoute(handler, deleteFaqCategory, { token: b.admin.token, params: { id: categoryId } }))
        .status,
    ).toBe(404);
  });
});
