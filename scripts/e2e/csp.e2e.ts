import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, logIn, waitForHome } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  const created = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(runtime)}` },
    body: JSON.stringify({ type: 'widget', label: 'Site da loja' }),
  });
  const { _id: widgetId } = (await created.json()) as { _id: string };
  // A customer's site on another origin embedding widget.js: the widget's cross-origin calls must pass.
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><body><script src="${runtime.url}/widget.js" data-widget="${widgetId}"></script></body></html>`,
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

/** Every CSP violation the page reports, from its first script on, and console errors naming the policy. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push(message.text());
  });
  return seen;
}

describe('the built app under its Content-Security-Policy', () => {
  it('logs in, opens a widget conversation and answers it without a single CSP violation', async () => {
    const page = await (await browser.newContext()).newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(`${runtime.url}/atende/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('no admin login');
    await logIn(page, admin.email, admin.password);
    await waitForHome(page);
    expect(violations).toEqual([]);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(siteUrl);
    await visitor.getByTestId('widget-bubble').click();
    await visitor.getByTestId('widget-input').fill('Olá, vocês entregam no sábado?');
    await visitor.getByTestId('widget-send').click();

    await page.goto(`${runtime.url}/app/chat`);
    await page.getByTestId('conversation-tab-queue').click();
    const item = page.locator('[data-testid="conversation-item"]:visible').first();
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await page.getByTestId('conversation-assign').click();
    await page.getByTestId('composer-input').fill('Entregamos sim.');
    await page.getByTestId('composer-send').click();
    await page
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: 'Entregamos sim' })
      .first()
      .waitFor();
    // The answer reaches the visitor on the customer's site: the widget's socket and API work cross-origin.
    await visitor
      .locator('[data-testid="widget-message"][data-sender="operator"]')
      .filter({ hasText: 'Entregamos sim' })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    // The check itself works: an inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan),
    ).toBeUndefined();
    await page.close();
  }, 120_000);
});
