import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, logIn, waitForHome } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;
let site: Server;
let siteUrl: string;
let widgetId: string;

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  const created = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(runtime)}` },
    body: JSON.stringify({ type: 'widget', label: 'Site da loja' }),
  });
  expect(created.status).toBe(201);
  widgetId = ((await created.json()) as { _id: string })._id;
  // The company's own site, on another origin, embedding the widget script.
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

describe('inbox with the site widget', () => {
  it('a visitor writes, the operator sees it arrive without reloading, answers, and the visitor sees the answer', async () => {
    const operator = runtime.logins.find((login) => login.role === 'admin');
    if (!operator) throw new Error('no admin login');
    const quick = await fetch(`${runtime.url}/api/quick-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(runtime)}` },
      body: JSON.stringify({
        shortcut: 'boasvindas',
        text: 'Aqui é {{employee_name}}, protocolo {{protocol}}.',
      }),
    });
    expect(quick.status).toBe(201);
    const operatorPage = await (await browser.newContext()).newPage();
    const mountCalls: string[] = [];
    operatorPage.on('request', (request) => {
      if (request.url().includes('/api/get-compnay-mount-app/')) mountCalls.push(request.url());
    });
    await operatorPage.goto(`${runtime.url}/atende/login`);
    await logIn(operatorPage, operator.email, operator.password);
    await waitForHome(operatorPage);
    // One read of the mounted employee per login (issue 20, item 11).
    expect(mountCalls).toHaveLength(1);
    await operatorPage.goto(`${runtime.url}/app/chat`);
    await operatorPage.getByTestId('conversation-tab-queue').click();

    const visitorPage = await (await browser.newContext()).newPage();
    await visitorPage.goto(siteUrl);
    await visitorPage.getByTestId('widget-bubble').click();
    await visitorPage.getByTestId('widget-input').fill('Olá, vocês entregam no sábado?');
    await visitorPage.getByTestId('widget-send').click();

    const item = operatorPage.locator('[data-testid="conversation-item"]:visible').first();
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await operatorPage
      .getByTestId('message-item')
      .filter({ hasText: 'vocês entregam no sábado?' })
      .first()
      .waitFor({ timeout: 15_000 });
    await operatorPage.getByTestId('conversation-assign').click();
    // The list follows the taken conversation to "Meus atendimentos" and keeps it selected.
    await operatorPage.locator('.ant-tabs-tab-active [data-testid="conversation-tab-mine"]').waitFor();
    await operatorPage.locator('[data-testid="conversation-item"][aria-current="true"]:visible').waitFor();
    const notice = (text: string) =>
      operatorPage
        .locator('[data-testid="message-item"][data-sender="bot"]')
        .filter({ hasText: text })
        .first();
    await notice('Atendimento iniciado. Protocolo:').waitFor();
    // A reference nothing resolves is named before sending; a known one is not.
    await operatorPage
      .getByTestId('composer-input')
      .fill('Olá {{customer_first_name}}, use o {{cupom_natal}}');
    await expect(operatorPage.getByTestId('composer-unknown-variables').innerText()).resolves.toContain(
      '{{cupom_natal}}',
    );
    await expect(operatorPage.getByTestId('composer-unknown-variables').innerText()).resolves.not.toContain(
      'customer_first_name',
    );
    await operatorPage.getByTestId('composer-input').fill('Entregamos sim, das 8h às 12h.');
    await operatorPage.getByTestId('composer-unknown-variables').waitFor({ state: 'detached' });
    await operatorPage.getByTestId('composer-send').click();
    await operatorPage
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: 'Entregamos sim' })
      .first()
      .waitFor();

    const answer = visitorPage
      .locator('[data-testid="widget-message"][data-sender="operator"]')
      .filter({ hasText: 'Entregamos sim, das 8h às 12h.' });
    await answer.first().waitFor({ timeout: 15_000 });
    await expect(answer.count()).resolves.toBe(1);

    // The visitor's session survives a reload.
    await visitorPage.reload();
    await visitorPage.getByTestId('widget-bubble').click();
    await visitorPage
      .locator('[data-testid="widget-message"][data-sender="customer"]')
      .filter({ hasText: 'vocês entregam no sábado?' })
      .first()
      .waitFor({ timeout: 15_000 });

    // Quick messages: "/boas" suggests /boasvindas; Enter inserts it with its variables filled.
    const input = operatorPage.getByTestId('composer-input');
    await input.pressSequentially('/boas');
    await operatorPage.getByTestId('quick-message-option').filter({ hasText: '/boasvindas' }).waitFor();
    await input.press('Enter');
    const inserted = await input.inputValue();
    expect(inserted).toMatch(/^Aqui é .+, protocolo \d+\.$/);
    expect(inserted).not.toContain('{{');
    await input.fill('');
    // Sending the literal shortcut sends the quick message's text.
    await input.fill('/boasvindas');
    await operatorPage.getByTestId('composer-send').click();
    await operatorPage
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: inserted })
      .first()
      .waitFor();
    await expect(
      operatorPage.locator('[data-testid="message-item"]').filter({ hasText: '/boasvindas' }).count(),
    ).resolves.toBe(0);

    // Closing without service categories asks for none; the end notice shows in the thread.
    await operatorPage.getByTestId('conversation-close').click();
    await operatorPage.getByTestId('close-confirm').waitFor();
    await expect(operatorPage.getByTestId('close-category').count()).resolves.toBe(0);
    await operatorPage.getByTestId('close-confirm').click();
    await notice('Atendimento encerrado. Protocolo:').waitFor();
  });

  /**
   * Issue 20 item 14: the operator's socket goes through a proxy the test can cut, as a server restart or a
   * proxy timeout would, while the browser itself stays online (no offline/online event to lean on). A visitor
   * writes meanwhile; once the socket is back the conversation shows without a reload, replayed from the
   * operator's frame stream, or (when the replay is refused) by reading the lists again.
   */
  async function missedWhileDown(text: string, replay: 'served' | 'refused') {
    const operator = runtime.logins.find((login) => login.role === 'admin');
    if (!operator) throw new Error('no admin login');
    const operatorPage = await (await browser.newContext()).newPage();
    let serverUp = true;
    const open: WebSocketRoute[] = [];
    await operatorPage.routeWebSocket(/./, (socket) => {
      if (!serverUp) {
        void socket.close({ code: 1011, reason: 'down' });
        return;
      }
      const server = socket.connectToServer();
      socket.onClose(() => void server.close());
      open.push(socket);
    });
    if (replay === 'refused') {
      await operatorPage.route(/\/api\/realtime\/frames\?after=/, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
      );
    }
    await operatorPage.goto(`${runtime.url}/atende/login`);
    await logIn(operatorPage, operator.email, operator.password);
    await waitForHome(operatorPage);
    await operatorPage.goto(`${runtime.url}/app/chat`);
    await operatorPage.locator('html[data-realtime="joined"]').waitFor({ state: 'attached' });
    await operatorPage.getByTestId('conversation-tab-queue').click();
    const arrived = operatorPage
      .locator('[data-testid="conversation-item"]:visible')
      .filter({ hasText: text.slice(0, 20) });

    serverUp = false;
    await Promise.all(open.splice(0).map((socket) => socket.close({ code: 1012, reason: 'restart' })));
    await operatorPage.locator('html[data-realtime="offline"]').waitFor({ state: 'attached' });
    // The operator's own frame stream, read through the API: the inbound consumer numbers the conversation's
    // frame a moment after the widget shows the message, and the socket must come back only once it has.
    const token = await adminToken(runtime);
    const stream = async (after?: number) => {
      const query = after === undefined ? '' : `?after=${after}`;
      const response = await fetch(`${runtime.url}/api/realtime/frames${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { seq: number; frames: { event: string }[] };
    };
    const offlineAt = (await stream()).seq;

    const visitorPage = await (await browser.newContext()).newPage();
    await visitorPage.goto(siteUrl);
    await visitorPage.getByTestId('widget-bubble').click();
    await visitorPage.getByTestId('widget-input').fill(text);
    await visitorPage.getByTestId('widget-send').click();
    await visitorPage
      .locator('[data-testid="widget-message"][data-sender="customer"]')
      .filter({ hasText: text })
      .first()
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await stream(offlineAt)).frames.map((frame) => frame.event), { timeout: 15_000 })
      .toContain('new-call');
    // The frame announcing it went nowhere: the list still lacks it.
    await expect(arrived.count()).resolves.toBe(0);

    // From here on: what the page asks the API once the socket is back.
    const replays: { status: number; body: unknown }[] = [];
    const listReads: string[] = [];
    operatorPage.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/realtime/frames' && url.searchParams.has('after')) {
        void response
          .json()
          .then((body: unknown) => replays.push({ status: response.status(), body }))
          .catch(() => replays.push({ status: response.status(), body: undefined }));
      }
      if (url.pathname === '/api/conversations') listReads.push(url.search);
    });
    serverUp = true;
    await operatorPage
      .locator('html[data-realtime="joined"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    await arrived.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => replays.length).toBeGreaterThan(0);
    if (replay === 'served') {
      const [answer] = replays as [
        { status: number; body: { resync: boolean; frames: { event: string }[] } },
      ];
      expect(answer.status).toBe(200);
      expect(answer.body.resync).toBe(false);
      expect(answer.body.frames.map((frame) => frame.event)).toContain('new-call');
      // Replayed through the live handlers: the conversation list was never read again.
      expect(listReads).toEqual([]);
    } else {
      expect(replays[0]?.status).toBe(500);
      // The fallback read the lists again, which is how the conversation showed.
      expect(listReads.length).toBeGreaterThan(0);
    }
    await operatorPage.context().close();
    await visitorPage.context().close();
  }

  it('a conversation that arrives while the socket is down shows once it reconnects, replayed from the stream', async () => {
    await missedWhileDown('Chegou enquanto a conexão caiu', 'served');
  });

  it('and still shows, by reading the lists again, when the replay is refused', async () => {
    await missedWhileDown('Chegou com o replay fora do ar', 'refused');
  });
});
