import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { dismissModals, openAs } from './pages.ts';

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

describe('T-mail', () => {
  it('an employee sends a T-mail that appears live for the recipient, who reads it', async () => {
    const operator = await openAs(browser, runtime, 'operator');
    await operator.goto(`${runtime.url}/app/t-mail`);
    await dismissModals(operator);
    await operator.getByTestId('page-header-title').filter({ hasText: 'T-mail' }).waitFor();
    await operator.getByText('Nenhum T-mail nesta pasta.').waitFor();
    const badge = operator.getByTestId('tmail-badge');
    await expect(badge.getAttribute('data-count')).resolves.toBe('0');

    const manager = await openAs(browser, runtime, 'manager');
    await manager.goto(`${runtime.url}/app/t-mail`);
    await dismissModals(manager);
    await manager.getByTestId('page-header-action-compose').click();
    const people = manager.getByTestId('tmail-to-people');
    await people.click();
    await manager.keyboard.type('Operador');
    await manager.locator('.ant-select-item-option').filter({ hasText: 'Operador Demo' }).click();
    await manager.keyboard.press('Escape');
    await manager.getByTestId('tmail-subject').fill('Plantão de domingo');
    await manager.getByTestId('tmail-body').fill('Você cobre o plantão de domingo, das 8h às 14h?');
    await manager.getByTestId('tmail-send').click();
    await manager.locator('.ant-message-notice').filter({ hasText: 'T-mail enviado.' }).waitFor();

    // Without a reload: the frame lights the badge and the open inbox shows the new mail, unread.
    const item = operator.getByTestId('tmail-item').filter({ hasText: 'Plantão de domingo' });
    await item.waitFor({ timeout: 15_000 });
    await expect(item.getAttribute('data-read')).resolves.toBe('false');
    await operator.locator('[data-testid="tmail-badge"][data-count="1"]').waitFor();
    await operator
      .locator('.ant-message-notice')
      .filter({ hasText: 'Novo T-mail de Gestor Demo: Plantão de domingo' })
      .waitFor();

    await item.click();
    await operator
      .getByTestId('tmail-reader-body')
      .filter({ hasText: 'Você cobre o plantão de domingo, das 8h às 14h?' })
      .waitFor();
    await operator.locator('[data-testid="tmail-badge"][data-count="0"]').waitFor();

    await manager.getByRole('tab', { name: 'Enviados' }).click();
    await manager.getByTestId('tmail-item').filter({ hasText: 'Plantão de domingo' }).waitFor();
  });
});
