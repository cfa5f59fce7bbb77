import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, notice, openAs } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;
let site: Server;
let siteUrl: string;
let widgetId: string;
let token: string;
const departments: Record<string, string> = {};

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${runtime.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  token = await adminToken(runtime);
  const widget = await api('POST', '/integrations/channels', { type: 'widget', label: 'Site com robô' });
  expect(widget.status).toBe(201);
  widgetId = String(widget.body._id);
  // The operator serves both departments, so the handed-off conversation is in their queue.
  const operator = runtime.logins.find((login) => login.role === 'operator');
  const found = await api('GET', `/employees?search=${encodeURIComponent(operator?.email ?? '')}`);
  const operatorId = String((found.body.items as { _id: string }[])[0]?._id);
  for (const name of ['Comercial', 'Suporte Técnico']) {
    const created = await api('POST', '/departments', { name, employees: [operatorId] });
    expect(created.status).toBe(201);
    departments[name] = String(created.body._id);
  }
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><body><h1>Loja</h1><script src="${runtime.url}/widget.js" data-widget="${widgetId}"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  await runtime?.dispose();
});

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a connection from a source handle to a node's input handle, as a person does with the mouse. */
async function connect(page: Page, from: Locator, toNode: string) {
  const start = await center(from);
  const end = await center(page.locator(`[data-node-id="${toNode}"] [data-testid="flow-handle-in"]`));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

const newestNode = async (page: Page, type: string) =>
  (await page
    .locator(`[data-testid="flow-node"][data-node-type="${type}"]`)
    .last()
    .getAttribute('data-node-id')) ?? '';

describe('flows', () => {
  it('builds a two-option menu in the builder, publishes it, and a widget visitor lands in the chosen queue', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/chatbot/flow`);
    await admin.getByTestId('flow-add').click();
    await admin.getByTestId('flow-name').fill('Triagem do site');
    await admin.getByTestId('flow-create-confirm').click();
    await admin.waitForURL(/\/app\/chatbot\/flow\/builder\/[0-9a-f]{24}$/);
    await admin.locator('[data-testid="flow-node"][data-node-type="start"]').waitFor();

    await admin.getByTestId('flow-palette-menu').click();
    const menu = await newestNode(admin, 'menu');
    await admin.getByTestId('flow-field-text').fill('Olá! Com quem quer falar?');
    await admin.getByTestId('flow-field-option').first().fill('Comercial');
    await admin.getByTestId('flow-add-option').click();
    await admin.getByTestId('flow-field-option').nth(1).fill('Suporte');

    const handoffs: string[] = [];
    for (const department of ['Comercial', 'Suporte Técnico']) {
      await admin.getByTestId('flow-palette-handoff').click();
      handoffs.push(await newestNode(admin, 'handoff'));
      await pick(admin, admin.getByTestId('flow-inspector').locator('.ant-select').first(), department);
    }
    await admin.locator('.react-flow__controls-fitview').click();

    await connect(admin, admin.locator('[data-node-id="start"] [data-testid^="flow-handle-out-"]'), menu);
    const options = admin.locator(`[data-node-id="${menu}"] [data-testid^="flow-handle-out-"]`);
    await connect(admin, options.nth(0), handoffs[0] ?? '');
    // A slip: the second option to the first department. The admin deletes that connection alone.
    const edges = admin.locator('.react-flow__edge');
    const nodes = admin.locator('.react-flow__node');
    await connect(admin, options.nth(1), handoffs[0] ?? '');
    await expect.poll(() => edges.count(), { timeout: 10_000 }).toBe(3);
    const nodeCount = await nodes.count();
    await edges.last().locator('.react-flow__edge-interaction').click({ force: true });
    await admin.getByTestId('flow-delete-edge').click();
    await expect.poll(() => edges.count(), { timeout: 10_000 }).toBe(2);
    await expect(nodes.count()).resolves.toBe(nodeCount);
    await connect(admin, options.nth(1), handoffs[1] ?? '');
    await expect.poll(() => edges.count(), { timeout: 10_000 }).toBe(3);

    await admin.getByTestId('flow-publish').click();
    await notice(admin, 'Versão 1 publicada.').waitFor({ timeout: 15_000 });

    await admin.goto(`${runtime.url}/app/integrations/channels`);
    const row = admin.locator('tr').filter({ hasText: 'Site com robô' });
    await pick(admin, row.getByTestId('channel-flow-select'), 'Triagem do site');
    await notice(admin, 'Fluxo do canal atualizado.').waitFor({ timeout: 15_000 });

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(siteUrl);
    await visitor.getByTestId('widget-bubble').click();
    await visitor.getByTestId('widget-input').fill('Oi, bom dia');
    await visitor.getByTestId('widget-send').click();
    const menuMessage = visitor
      .locator('[data-testid="widget-message"][data-sender="operator"]')
      .filter({ hasText: 'Olá! Com quem quer falar?' });
    await menuMessage.first().waitFor({ timeout: 20_000 });
    await menuMessage.getByTestId('widget-option').filter({ hasText: 'Suporte' }).click();
    await visitor
      .locator('[data-testid="widget-message"][data-sender="operator"]')
      .filter({ hasText: 'Você foi transferido para Suporte Técnico.' })
      .first()
      .waitFor({ timeout: 20_000 });

    const operator = await openAs(browser, runtime, 'operator');
    await operator.goto(`${runtime.url}/app/chat`);
    await operator.getByTestId('conversation-tab-queue').click();
    const item = operator.locator('[data-testid="conversation-item"]:visible').first();
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await operator.getByTestId('conversation-assign').click();
    await operator.getByTestId('composer-input').waitFor({ timeout: 15_000 });
    // A new API sign-in signs the admin's browser session out (one session per employee); it is no longer used.
    token = await adminToken(runtime);
    const all = await api('GET', '/conversations?tab=all');
    const conversations = (all.body.items ?? []) as {
      integration: string;
      status: string;
      department: string | null;
    }[];
    expect(conversations.find((conversation) => conversation.integration === widgetId)).toMatchObject({
      status: 'in_service',
      department: departments['Suporte Técnico'],
    });
  });
});
