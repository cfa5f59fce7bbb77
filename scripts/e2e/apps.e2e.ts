import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, notice, openAs } from './pages.ts';

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

describe('apps catalogue', () => {
  it('an admin installs Pipedrive from the catalogue, sees it installed (live in another tab), and uninstalls it', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    // A second tab of the same browser (a second sign-in of the same employee would close this session).
    const watcher = await admin.context().newPage();
    await watcher.goto(`${runtime.url}/app/integrations/apps`);
    await watcher.getByTestId('app-card-pipedrive').waitFor();

    await admin.goto(`${runtime.url}/app/integrations`);
    await admin.getByTestId('integrations-apps').click();
    await admin.waitForURL(/\/app\/integrations\/apps$/);
    const card = admin.getByTestId('app-card-pipedrive');
    await expect(card.getAttribute('data-installed')).resolves.toBe('false');
    await admin.getByTestId('apps-category-crm').getByTestId('app-install-pipedrive').click();

    // Sent empty: both required fields are named in pt-BR; a bad domain is explained.
    const modal = admin.getByTestId('app-install-modal');
    await admin.getByTestId('app-install-submit').click();
    await modal.locator('.ant-form-item-explain-error').nth(1).waitFor();
    await expect(modal.locator('.ant-form-item-explain-error').allTextContents()).resolves.toEqual([
      'Campo obrigatório.',
      'Campo obrigatório.',
    ]);
    await admin.getByTestId('app-field-token').fill('pd-token-e2e-123');
    await admin.getByTestId('app-field-domain').fill('empresa.com/x');
    await admin.getByTestId('app-install-submit').click();
    await modal.getByText('Informe um domínio válido.').waitFor();
    await admin.getByTestId('app-field-domain').fill('minhaempresa');
    await admin.getByTestId('app-install-submit').click();
    await notice(admin, 'Aplicativo instalado.').waitFor();
    await admin.getByTestId('app-installed-pipedrive').waitFor();

    // The other open browser of the company refreshed on refresh-session install-app, without a reload.
    await watcher.getByTestId('app-installed-pipedrive').waitFor();

    // The token is sealed: the API answers only that it is set.
    const token = await adminToken(runtime);
    const listed = await (
      await fetch(`${runtime.url}/api/apps`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(listed).not.toContain('pd-token-e2e-123');
    expect(listed).toContain('"credentials_set":["token"]');

    await admin.getByTestId('app-uninstall-pipedrive').click();
    await admin.getByTestId('app-uninstall-confirm').click();
    await notice(admin, 'Aplicativo desinstalado.').waitFor();
    await admin.getByTestId('app-install-pipedrive').waitFor();
    await expect(card.getAttribute('data-installed')).resolves.toBe('false');
    await watcher.getByTestId('app-install-pipedrive').waitFor();
  });

  it("an admin connects RD Station Marketing through RD Station's consent screen and lands back connected", async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/integrations/apps`);
    await admin.getByTestId('app-configure-rdstationmarketing').click();
    await admin.waitForURL(/\/app\/integration\/rdmkt$/);
    await admin.getByTestId('rdmkt-not-connected').waitFor();

    const visited: string[] = [];
    admin.on('framenavigated', (frame) => {
      if (frame === admin.mainFrame()) visited.push(frame.url());
    });
    await admin.getByTestId('rdmkt-connect').click();
    // RD Station's own page (the sandbox's fake) asks for consent.
    await admin.waitForURL(/\/rdstationmarketing\/auth\/dialog\?/);
    await admin.locator('#allow').click();
    await admin.waitForURL(/\/app\/integration\/rdmkt$/);
    await admin.getByTestId('rdmkt-connected').waitFor();
    expect(runtime.sandbox.sent('rdstationmarketing').map((request) => request.path)).toEqual([
      '/auth/token',
    ]);

    // The callback address opened again (a replayed redirect) is refused: the state was single-use.
    const callback = visited.find((url) => url.includes('/app/auth/rdstationmarketing?'));
    expect(callback).toContain('state=');
    await admin.goto(callback ?? '');
    await admin
      .getByTestId('oauth-callback-error')
      .getByText('A autorização expirou ou não é válida.', { exact: false })
      .waitFor();
    expect(runtime.sandbox.sent('rdstationmarketing')).toHaveLength(1);
  });

  it('prompts admins to reconnect RD Station Marketing once RD refuses the refresh for good, and reconnecting clears it', async () => {
    // Connected by the previous test; RD Station's owner removes the app: tokens expire, the refresh is refused.
    runtime.sandbox.rdMarketing.expireAccessTokens();
    runtime.sandbox.rdMarketing.revokeRefreshTokens();
    const token = await adminToken(runtime);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${runtime.url}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    const created = await api('/contacts', {
      method: 'POST',
      body: JSON.stringify({ full_name: 'Lia Reconecta', email: 'lia@cliente.com.br' }),
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const listed = await (await api('/apps')).text();
      if (listed.includes('"needs_reconnect":true')) break;
      if (Date.now() > deadline) throw new Error('the installation was never marked for reconnection');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/integrations/apps`);
    await admin
      .getByTestId('app-needs-reconnect-rdstationmarketing')
      .getByText('Reconexão necessária')
      .waitFor();
    await admin.getByTestId('app-reconnect-rdstationmarketing').getByText('Reconectar').click();
    await admin.waitForURL(/\/app\/integration\/rdmkt$/);
    await admin.getByTestId('rdmkt-needs-reconnect').waitFor();
    await admin
      .getByTestId('rdmkt-reconnect-needed')
      .getByText('A sincronização está parada até você reconectar.', { exact: false })
      .waitFor();
    await admin.getByTestId('rdmkt-reconnect').click();
    await admin.waitForURL(/\/rdstationmarketing\/auth\/dialog\?/);
    await admin.locator('#allow').click();
    await admin.waitForURL(/\/app\/integration\/rdmkt$/);
    await admin.getByTestId('rdmkt-connected').waitFor();
    await expect(admin.getByTestId('rdmkt-reconnect-needed').count()).resolves.toBe(0);
    await admin.goto(`${runtime.url}/app/integrations/apps`);
    await admin.getByTestId('app-configure-rdstationmarketing').waitFor();
    await expect(admin.getByTestId('app-needs-reconnect-rdstationmarketing').count()).resolves.toBe(0);
  });
});
