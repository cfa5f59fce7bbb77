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

async function pickOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

const apiAs = async (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const token = localStorage.getItem('atende.accessToken');
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  }, path);

describe('company administration', () => {
  it('an admin creates an operator and a department; the operator sees only what they may', async () => {
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('no admin login');
    const adminPage = await browser.newPage();
    await adminPage.goto(`${runtime.url}/atende/login`);
    await logIn(adminPage, admin.email, admin.password);
    await waitForHome(adminPage);

    await adminPage.goto(`${runtime.url}/app/settings/employees`);
    await adminPage.getByTestId('page-header-action-create-employee').click();
    await adminPage.getByTestId('employee-form-name').fill('Olívia Operadora');
    await adminPage.getByTestId('employee-form-email').fill('olivia@demo.atende.local');
    await pickOption(adminPage, 'employee-form-role', 'Operador');
    await adminPage.getByTestId('employee-form-password').fill('senha-inicial-1');
    await adminPage.getByTestId('employee-form-submit').click();
    await adminPage.getByTestId('employees-table').getByText('Olívia Operadora').waitFor();

    await adminPage.goto(`${runtime.url}/app/settings/company`);
    await adminPage.getByTestId('company-tab-departments').click();
    await adminPage.getByTestId('department-add').click();
    await adminPage.getByTestId('department-form-name').fill('Pós-venda');
    await pickOption(adminPage, 'department-form-employees', 'Olívia Operadora');
    await adminPage.getByTestId('department-form-submit').click();
    await adminPage.getByTestId('departments-tree').getByText('Pós-venda').waitFor();

    // Least privilege by default; the contradictory scope boxes are one radio choice. Operators without
    // allow_spies see only their own departments (spec point 5).
    await adminPage.getByTestId('company-tab-permissions').click();
    const ownScope = adminPage.getByTestId('permission-operator-scope-own');
    await expect(ownScope.isChecked()).resolves.toBe(true);
    await expect(adminPage.getByTestId('permission-operator-display_all_attendances').count()).resolves.toBe(
      0,
    );
    await expect(
      adminPage.getByTestId('permission-operator-display_report_base_to_operators').isChecked(),
    ).resolves.toBe(false);
    await adminPage.getByTestId('permission-operator-scope-allow_spies_based_on_your_department').click();
    await expect(ownScope.isChecked()).resolves.toBe(false);
    await adminPage.getByTestId('permissions-save').click();
    await adminPage.locator('.ant-message-notice').first().waitFor();
    await adminPage.close();

    const operatorPage = await browser.newPage();
    await operatorPage.goto(`${runtime.url}/atende/login`);
    await logIn(operatorPage, 'olivia@demo.atende.local', 'senha-inicial-1');
    await waitForHome(operatorPage);
    // The initial password must be replaced first: Escape (pressed by waitForHome) leaves this modal open.
    const firstLogin = operatorPage.getByTestId('first-login-modal');
    await expect(firstLogin.isVisible()).resolves.toBe(true);
    await operatorPage.getByTestId('first-login-current').fill('senha-inicial-1');
    await operatorPage.getByTestId('first-login-new').fill('senha-da-olivia-2');
    await operatorPage.getByTestId('first-login-confirm').fill('senha-da-olivia-3');
    await operatorPage.getByTestId('first-login-submit').click();
    await operatorPage.getByText('As senhas não conferem.').waitFor();
    await operatorPage.getByTestId('first-login-confirm').fill('senha-da-olivia-2');
    await operatorPage.getByTestId('first-login-submit').click();
    await firstLogin.waitFor({ state: 'hidden' });
    const signIn = (password: string) =>
      operatorPage.evaluate(
        async (body) =>
          (
            await fetch('/api/auth/token', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { email: 'olivia@demo.atende.local', password },
      );
    await expect(signIn('senha-inicial-1')).resolves.toBe(401);
    await expect(signIn('senha-da-olivia-2')).resolves.toBe(200);
    await expect(operatorPage.getByTestId('menu-logs').count()).resolves.toBe(0);
    await expect(operatorPage.getByTestId('menu-settings').count()).resolves.toBe(0);
    await operatorPage.goto(`${runtime.url}/app/settings/company`);
    await operatorPage.waitForURL(/\/error$/);

    const departments = await apiAs(operatorPage, '/api/departments');
    expect(departments.status).toBe(200);
    expect(JSON.stringify(departments.body)).toContain('Pós-venda');
    expect(JSON.stringify(departments.body)).not.toContain('Suporte');
    const employees = await apiAs(operatorPage, '/api/employees');
    expect(employees.status).toBe(403);
    await operatorPage.close();
  });
});
