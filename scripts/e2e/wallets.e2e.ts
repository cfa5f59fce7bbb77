import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { logIn, waitForHome } from './pages.ts';

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

/** Calls the API from the page with the session's own token, as the SPA does. */
const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('atende.accessToken');
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    { method, path, body },
  );

async function loggedIn(role: 'admin' | 'operator'): Promise<Page> {
  const login = runtime.logins.find((candidate) => candidate.role === role);
  if (!login) throw new Error(`no ${role} login`);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${runtime.url}/atende/login`);
  await logIn(page, login.email, login.password);
  await waitForHome(page);
  return page;
}

describe('wallets: export a wallet as CSV', () => {
  it("an admin exports a wallet's contacts, follows the progress and downloads the CSV", async () => {
    const admin = await loggedIn('admin');
    const adminId = await admin.evaluate(
      () =>
        JSON.parse(atob((localStorage.getItem('atende.accessToken') ?? '').split('.')[1] ?? ''))
          .sub as string,
    );
    const wallet = await api(admin, 'POST', '/api/wallets', {
      name: 'Carteira Exportação',
      employee_owner: adminId,
      employees: [],
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
    for (const full_name of ['Ana Exportada', 'Bruno Exportado']) {
      const created = await api(admin, 'POST', '/api/contacts', { full_name, wallet: wallet.body._id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await api(admin, 'POST', '/api/contacts', { full_name: 'Carla Fora da Carteira' });

    await admin.goto(`${runtime.url}/app/contacts/wallets`);
    const row = admin.locator(`[data-wallet-id="${String(wallet.body._id)}"]`);
    await row.getByTestId('wallet-export-start').click();
    const download = admin.getByTestId('wallet-export-download');
    await download.waitFor({ timeout: 60_000 });
    await expect(admin.getByTestId('wallet-export-count').innerText()).resolves.toBe('2 de 2 contatos');
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    const csv = await (await fetch(String(href))).text();
    expect(csv.split('\n')[0]).toContain('Nome');
    expect(csv).toContain('Ana Exportada');
    expect(csv).toContain('Bruno Exportado');
    expect(csv).not.toContain('Carla Fora da Carteira');
  });

  it('keeps the export from an operator the company has not allowed', async () => {
    const operator = await loggedIn('operator');
    const wallets = await api(operator, 'GET', '/api/wallets');
    const first = (wallets.body.wallets as { _id: string }[] | undefined)?.[0];
    expect(first).toBeDefined();
    const refused = await api(operator, 'POST', `/api/wallets/${first?._id}/exports`);
    expect(refused.status).toBe(403);
  });
});
