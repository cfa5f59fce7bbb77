import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { confirmationLink, dismissModals, logIn, waitForHome } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

const login = (role: 'admin' | 'manager' | 'operator') => {
  const found = runtime.logins.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} login`);
  return found;
};

describe('accounts and the shell', () => {
  it('signs up a trial company and, from the mailed link, lands logged in on the home page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${runtime.url}/trial/register/advanced`);
    await page.getByTestId('signup-company-name').fill('Padaria Pão Quente');
    await page.getByTestId('signup-name').fill('Maria Souza');
    await page.getByTestId('signup-email').fill('maria@padaria.example');
    await page.getByTestId('signup-password').fill('segredo-forte-1');
    await page.getByTestId('signup-submit').click();
    // The answer is the same for every e-mail; the company exists once the mailed link is opened.
    await page.getByTestId('signup-sent').waitFor();
    await page.goto(await confirmationLink(() => runtime.sandbox.mail(), 'maria@padaria.example'));
    await waitForHome(page);
    await expect(page.getByTestId('home-company').innerText()).resolves.toContain('Padaria Pão Quente');
    await expect(page.getByTestId('trial-countdown').innerText()).resolves.toMatch(/^advanced - Rest/);

    await page.goto(`${runtime.url}/atende/login`);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await logIn(page, 'maria@padaria.example', 'segredo-forte-1');
    await page.waitForURL(/\/app\/home$/);
    await context.close();
  });

  it('shows the server message for wrong credentials', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, login('admin').email, 'senha-errada');
    await expect(page.getByTestId('login-error').innerText()).resolves.toContain(
      'E-mail ou senha inválidos.',
    );
    await page.close();
  });

  it('returns a deep link to its page after login', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/app/settings/employees`);
    await page.waitForURL(/\/atende\/login/);
    await logIn(page, login('admin').email, login('admin').password);
    await page.waitForURL(/\/app\/settings\/employees$/);
    await dismissModals(page);
    await page.getByTestId('page-header-title').first().waitFor();
    await expect(page.getByTestId('menu-logs').count()).resolves.toBe(1);
    await page.close();
  });

  it('sends an operator to /error from an admin route and keeps the menu to what the role allows', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, login('operator').email, login('operator').password);
    await waitForHome(page);
    await expect(page.getByTestId('menu-chat').count()).resolves.toBe(1);
    await expect(page.getByTestId('menu-logs').count()).resolves.toBe(0);
    await expect(page.getByTestId('menu-settings').count()).resolves.toBe(0);
    await page.goto(`${runtime.url}/app/settings/employees`);
    await page.waitForURL(/\/error$/);
    await expect(page.getByTestId('error-page-title').innerText()).resolves.toBe(
      'Ooops... looks like an error occurred!',
    );
    await expect(page.getByTestId('error-page-go-home').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('shows the error page with its code for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/no/such/page`);
    await expect(page.getByTestId('error-page-code').innerText()).resolves.toContain('404');
    await page.getByTestId('error-page-go-home').click();
    await page.waitForURL(/\/(app\/home|atende\/login)/);
    await page.close();
  });

  it('logs out: clears local storage, revokes the token and guards the app again', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, login('manager').email, login('manager').password);
    await waitForHome(page);
    const token = await page.evaluate(() => localStorage.getItem('atende.accessToken'));
    expect(token).toBeTruthy();
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-menu-logout').click();
    await page.waitForURL(/\/atende\/login/);
    await expect(page.evaluate(() => localStorage.getItem('atende.accessToken'))).resolves.toBeNull();
    const afterRevoke = await fetch(`${runtime.url}/api/permissions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterRevoke.status).toBe(401);
    await page.goto(`${runtime.url}/app/home`);
    await page.waitForURL(/\/atende\/login/);
    await page.close();
  });
});
