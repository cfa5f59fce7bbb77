import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { dismissModals, notice, openAs } from './pages.ts';

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

describe('FAQ', () => {
  it('an FAQ admin enables team mode, a creator publishes, an operator finds it by an accent-free search', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/faq/config`);
    await dismissModals(admin);
    await admin.getByTestId('faq-mode-team').click();
    await admin.getByTestId('faq-creators').click();
    await admin.keyboard.type('Gestor');
    await admin.locator('.ant-select-item-option').filter({ hasText: 'Gestor Demo' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('faq-config-save').click();
    await notice(admin, 'Configurações do FAQ salvas.').waitFor();

    // The manager is a creator now: the create page opens for them (a company manager has no FAQ role in normal mode).
    const creator = await openAs(browser, runtime, 'manager');
    await creator.goto(`${runtime.url}/app/faq/create`);
    await dismissModals(creator);
    await creator.getByTestId('faq-title').fill('Política de devolução');
    await creator.getByTestId('faq-body').click();
    await creator.keyboard.type('O prazo de devolução é de 7 dias após a entrega.');
    await creator.getByTestId('faq-publish').click();
    await notice(creator, 'Artigo publicado.').waitFor();
    await creator.waitForURL(/\/app\/faq$/);

    const operator = await openAs(browser, runtime, 'operator');
    await operator.goto(`${runtime.url}/app/faq`);
    await dismissModals(operator);
    await operator.getByTestId('faq-search').locator('input').fill('politica devolucao');
    const result = operator.getByTestId('faq-result').filter({ hasText: 'Política de devolução' });
    await result.waitFor({ timeout: 15_000 });
    await expect(result.count()).resolves.toBe(1);
    await result.click();
    await operator
      .getByTestId('faq-article-body')
      .filter({ hasText: 'O prazo de devolução é de 7 dias após a entrega.' })
      .waitFor();

    // The operator has no FAQ role: the create page sends them to the error page.
    await operator.goto(`${runtime.url}/app/faq/create`);
    await dismissModals(operator);
    await operator.waitForURL(/\/error$/);
  });
});
