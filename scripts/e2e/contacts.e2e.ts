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

const CSV = [
  'Nome;Celular;E-mail;Etiquetas',
  'João Silva;11987654321;joao@example.com;',
  'Maria Souza;11912345678;maria@example.com;',
  'Telefone Ruim;abc;email-invalido;',
  ';11911112222;;',
  'Pedro Lima;11987654321;;',
].join('\n');

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

describe('contacts: import, search, wallets', () => {
  it('imports a CSV with bad rows, reports them, finds a contact without accents and keeps it to its wallet', async () => {
    const admin = await loggedIn('admin');
    await admin.goto(`${runtime.url}/app/contacts/import`);
    await admin.getByTestId('import-file').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await admin.getByTestId('import-start').click();
    const done = admin.getByTestId('import-done');
    await done.waitFor({ timeout: 60_000 });
    await expect(done.getAttribute('data-status')).resolves.toBe('done');
    await admin.getByTestId('import-errors-download').waitFor();
    const reported = await admin.getByTestId('import-error-rows').innerText();
    expect(reported).toMatch(/\b3\s+Telefone\s+Telefone inválido/);
    expect(reported).toMatch(/\b4\s+Nome completo\s+Campo obrigatório/);

    await admin.goto(`${runtime.url}/app/contacts`);
    await admin.getByTestId('contacts-search').fill('joao');
    const row = admin.getByTestId('contact-row').filter({ hasText: 'João Silva' });
    await row.first().waitFor();
    // The 500 ms debounced search narrows the list to the accent-insensitive match.
    await admin.getByTestId('contact-row').filter({ hasText: 'Maria Souza' }).waitFor({ state: 'detached' });
    const contactId = await row.first().getAttribute('data-contact-id');
    expect(contactId).toMatch(/^[0-9a-f]{24}$/);

    // Wallet mode with its limit: only the wallet's members (and admins) manage its contacts.
    const settings = await api(admin, 'PATCH', '/api/company/settings', {
      wallets: { wallet_mode: true, limit_customers_to_wallet_employees: true },
    });
    expect(settings.status).toBe(200);
    const adminId = await admin.evaluate(
      () =>
        JSON.parse(atob((localStorage.getItem('atende.accessToken') ?? '').split('.')[1] ?? ''))
          .sub as string,
    );
    const wallet = await api(admin, 'POST', '/api/wallets', {
      name: 'Carteira VIP',
      employee_owner: adminId,
      employees: [adminId],
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
    const walletId = String(wallet.body._id);
    const moved = await api(admin, 'PATCH', `/api/contacts/${contactId}`, { wallet: walletId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const operator = await loggedIn('operator');
    const opened = await api(operator, 'GET', `/api/contacts/${contactId}`);
    expect([403, 404]).toContain(opened.status);
    await operator.goto(`${runtime.url}/app/contacts`);
    // The positive signal first: the debounced search's answer, then the list drawn from it.
    const searched = operator.waitForResponse(
      (response) => response.url().includes('/api/contacts?') && response.url().includes('search=joao'),
    );
    await operator.getByTestId('contacts-search').fill('joao');
    const answer = (await (await searched).json()) as { contacts: { full_name: string }[] };
    expect(answer.contacts.map((contact) => contact.full_name)).not.toContain('João Silva');
    await operator.getByTestId('contacts-empty').or(operator.getByTestId('contact-row').first()).waitFor();
    await expect(operator.getByTestId('contact-row').filter({ hasText: 'João Silva' }).count()).resolves.toBe(
      0,
    );
  });
});
