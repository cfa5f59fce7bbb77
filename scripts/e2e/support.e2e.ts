import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { checkPage, WIDTHS } from './layout-checks.ts';
import { DEMO } from '../src/seed/seed.ts';
import { adminToken, dismissModals, logIn, openAs, waitForHome } from './pages.ts';

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

/** The demo admin in a context that lets axe-core in (the product's CSP rightly refuses injected scripts). */
async function adminWithAxe(): Promise<Page> {
  const admin = runtime.logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('no admin login');
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${runtime.url}/atende/login`);
  await logIn(page, admin.email, admin.password);
  await waitForHome(page);
  return page;
}

describe('rollout blacklist in the company settings', () => {
  it('an admin keeps the company out of the manager rollout and lets it back in', async () => {
    const page = await adminWithAxe();
    await page.goto(`${runtime.url}/app/settings/company#rollouts`);
    await dismissModals(page);
    const row = page.getByTestId('rollout-row-manager');
    await row.getByText('Ativo').waitFor();
    await expect(row.getByText('Empresa').count()).resolves.toBe(1);

    await page.getByTestId('rollout-toggle-manager').click();
    await row.getByText('Bloqueado').waitFor();
    await page.getByTestId('rollout-toggle-manager').filter({ hasText: 'Desbloquear' }).waitFor();
    const token = await adminToken(runtime);
    const rollouts = await fetch(`${runtime.url}/api/rollouts/${DEMO.companyId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rollouts.status).toBe(200);
    expect(await rollouts.json()).not.toContain('manager');

    const problems: string[] = [];
    for (const size of [WIDTHS[0], WIDTHS[2]]) {
      await page.setViewportSize(size);
      await page.getByTestId('rollouts-table').waitFor();
      problems.push(...(await checkPage(page, `rollouts ${size.width}px`)));
    }
    expect(problems).toEqual([]);

    await page.getByTestId('rollout-toggle-manager').click();
    await row.getByText('Ativo').waitFor();
  });
});

describe('suggestions, live', () => {
  it('a suggestion moved by another session changes status on the open page without a reload', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/sugestions`);
    await dismissModals(page);
    await page.getByTestId('suggestion-title').fill('Respostas rápidas por atalho');
    await page.getByTestId('suggestion-description').fill('Abrir as respostas rápidas com a tecla /.');
    await page.getByTestId('suggestion-send').click();
    const item = page.getByTestId('suggestion-item').filter({ hasText: 'Respostas rápidas por atalho' });
    await item.waitFor();
    await expect(item.getAttribute('data-status')).resolves.toBe('received');

    const token = await adminToken(runtime);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = (await (await fetch(`${runtime.url}/api/suggestions`, { headers })).json()) as {
      items: { _id: string; title: string }[];
    };
    const id = list.items.find((entry) => entry.title === 'Respostas rápidas por atalho')?._id;
    expect(id).toBeDefined();
    const moved = await fetch(`${runtime.url}/api/suggestions/${id ?? ''}/status`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'reviewing' }),
    });
    expect(moved.status).toBe(200);

    await page
      .locator('[data-testid="suggestion-item"][data-status="reviewing"]')
      .filter({ hasText: 'Respostas rápidas por atalho' })
      .waitFor({ timeout: 15_000 });
    await item.getByTestId('suggestion-status').filter({ hasText: 'Em análise' }).waitFor();
  });
});

describe('shell modals on a first login', () => {
  it('the mandatory password change stands alone; the notifications and the important news wait, even across a reload', async () => {
    const token = await adminToken(runtime);
    const email = `primeiro-acesso-${Date.now()}@demo.atende.local`;
    const created = await fetch(`${runtime.url}/api/employees`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Paula Primeiro', email, role: 'operator', password: 'senha-inicial-9' }),
    });
    expect(created.status).toBe(201);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, email, 'senha-inicial-9');
    await page.waitForURL(/\/app\/home$/);
    const firstLogin = page.getByTestId('first-login-modal');
    await firstLogin.waitFor();
    // Everything that decides the other modals (news, notifications, invitations) has been fetched by now.
    await page.waitForLoadState('networkidle');
    const openModals = page.locator('.ant-modal-wrap:visible');
    await expect(openModals.count()).resolves.toBe(1);
    await expect(page.getByTestId('news-modal').count()).resolves.toBe(0);

    // A reload while the password change waits loses nothing: the day's notifications still come after it.
    await page.reload();
    await firstLogin.waitFor();
    await page.waitForLoadState('networkidle');
    await expect(openModals.count()).resolves.toBe(1);

    await page.getByTestId('first-login-current').fill('senha-inicial-9');
    await page.getByTestId('first-login-new').fill('senha-da-paula-2');
    await page.getByTestId('first-login-confirm').fill('senha-da-paula-2');
    await page.getByTestId('first-login-submit').click();
    await firstLogin.waitFor({ state: 'hidden' });

    // Then the shell's own modals take turns, one at a time: the day's notifications, then the unread
    // important news, by themselves.
    const news = page.getByTestId('news-modal');
    const notifications = page.getByTestId('notification-modal');
    await notifications.waitFor();
    await expect(news.count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await notifications.waitFor({ state: 'hidden' });
    await news.getByText('Novo módulo FAQ').waitFor();
    await expect(openModals.count()).resolves.toBe(1);
    await page.getByTestId('news-modal-ok').click();
    await news.waitFor({ state: 'hidden' });
  });
});
