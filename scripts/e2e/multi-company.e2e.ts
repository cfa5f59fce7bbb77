import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { logIn, signUpConfirmed, waitForHome } from './pages.ts';

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

async function pickOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

const storedCompany = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('atende.employee') ?? '{}') as { company?: string }).company,
  );

describe('an account in two companies', () => {
  it('a second company invites the demo operator by e-mail only; the operator accepts, switches and leaves the first', async () => {
    const operator = runtime.logins.find((login) => login.role === 'operator');
    if (!operator) throw new Error('no operator login');
    const second = await signUpConfirmed(runtime.url, () => runtime.sandbox.mail(), {
      account_type: 'professional',
      company_name: 'Loja Segunda',
      name: 'Dona da Loja',
      email: 'dona@loja-segunda.example',
      password: 'segredo-forte-1',
    });

    const adminPage = await browser.newPage();
    await adminPage.goto(`${runtime.url}/atende/login`);
    await logIn(adminPage, 'dona@loja-segunda.example', 'segredo-forte-1');
    await waitForHome(adminPage);
    await adminPage.goto(`${runtime.url}/app/settings/employees`);
    await adminPage.getByTestId('page-header-action-create-employee').click();
    await adminPage.getByTestId('employee-form-email').fill(operator.email);
    await adminPage.getByTestId('employee-form-existing-account').waitFor();
    await expect(adminPage.getByTestId('employee-form-name').count()).resolves.toBe(0);
    await expect(adminPage.getByTestId('employee-form-password').count()).resolves.toBe(0);
    await pickOption(adminPage, 'employee-form-role', 'Operador');
    await adminPage.getByTestId('employee-form-submit').click();
    // The admin learns only that the invitation went out: the person is not in the list until they accept.
    await adminPage.getByText('Convite enviado', { exact: true }).waitFor();
    await adminPage.getByTestId('employees-table').waitFor();
    await expect(adminPage.getByTestId('employees-table').getByText(operator.email).count()).resolves.toBe(0);
    // It waits under "Convites pendentes", where the admin could withdraw it.
    const pendingRow = adminPage
      .getByTestId('pending-invitations-table')
      .locator('tr')
      .filter({ hasText: operator.email });
    await pendingRow.waitFor();
    await expect(pendingRow.getByTestId('invitation-cancel').count()).resolves.toBe(1);
    await adminPage.close();
    const mail = runtime.sandbox.mail().find((entry) => entry.to.includes(operator.email));
    expect(mail?.subject).toBe('Convite para atender em Loja Segunda');

    const page = await browser.newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, operator.email, operator.password);
    // Not waitForHome: it closes every notice, and the invitation is one.
    await page.getByTestId('home-summary').waitFor();
    // The operator last worked in the demo company, so the session opens there, with the invitation shown.
    const demo = await storedCompany(page);
    expect(demo).not.toBe(second);
    await page.getByTestId(`invitation-${second}`).getByText('Loja Segunda', { exact: false }).waitFor();
    await page.getByTestId(`invitation-accept-${second}`).click();
    await page.getByTestId('invitations-modal').waitFor({ state: 'hidden' });
    await waitForHome(page);

    await page.getByTestId('account-menu-button').click();
    await page.getByText('Trocar empresa', { exact: true }).hover();
    const reloaded = page.waitForEvent('load');
    await page.getByTestId(`account-menu-company-${second}`).click();
    await reloaded;
    await waitForHome(page);
    await expect(storedCompany(page)).resolves.toBe(second);
    await expect(page.getByTestId('home-company').innerText()).resolves.toContain('Loja Segunda');

    // From the profile, the operator leaves the demo company; only the second one remains.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-menu-profile').click();
    await page.getByTestId(`my-company-leave-${demo}`).click();
    await page.getByTestId('my-company-leave-confirm').click();
    await page.getByTestId(`my-company-${demo}`).waitFor({ state: 'detached' });
    await expect(
      page.getByTestId('my-companies').locator('[data-testid^="my-company-"]').count(),
    ).resolves.toBe(1);
    await page.close();
  });
});
