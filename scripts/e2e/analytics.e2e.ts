import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { openAs, widgetVisitorWrites } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;

/** The number an antd Statistic shows (commas are thousands separators). */
async function statistic(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).locator('.ant-statistic-content-value').textContent();
  return Number((text ?? '').replaceAll(',', ''));
}

/** Waits until a Statistic shows `expected`, with no reload in between. */
async function statisticBecomes(page: Page, testId: string, expected: number): Promise<void> {
  await page.waitForFunction(
    ([id, value]) => {
      const node = document.querySelector(`[data-testid="${id}"] .ant-statistic-content-value`);
      return node !== null && Number((node.textContent ?? '').replaceAll(',', '')) === value;
    },
    [testId, expected] as const,
    // Polled on a timer: requestAnimationFrame does not run in a page that is not in front.
    { timeout: 20_000, polling: 250 },
  );
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

describe('analytics', () => {
  it('a conversation answered and closed shows on the dashboard and the wallboard without a reload', async () => {
    const dashboard = await openAs(browser, runtime, 'admin');
    await dashboard.goto(`${runtime.url}/app/analytics/dashboard`);
    await dashboard.getByTestId('kpi-opened').waitFor();
    const opened = await statistic(dashboard, 'kpi-opened');
    const closed = await statistic(dashboard, 'kpi-closed');

    // Tabs of one signed-in admin: a second sign-in of the same employee would close the first one's sockets.
    const wallboard = await dashboard.context().newPage();
    await wallboard.goto(`${runtime.url}/app/analytics/monitoring`);
    await wallboard.getByTestId('monitoring-waiting').waitFor();
    const waiting = await statistic(wallboard, 'monitoring-waiting');

    await widgetVisitorWrites(runtime, {
      channelLabel: 'Site de análise',
      name: 'Paula Métricas',
      text: 'Quero saber o prazo de entrega',
      origin: {
        page: 'https://loja.example.com/entrega',
        utm: { source: 'newsletter', medium: 'email', campaign: 'frete-gratis' },
      },
    });
    await statisticBecomes(wallboard, 'monitoring-waiting', waiting + 1);
    await statisticBecomes(dashboard, 'kpi-opened', opened + 1);

    const agent = await dashboard.context().newPage();
    await agent.goto(`${runtime.url}/app/chat`);
    await agent.getByTestId('conversation-tab-queue').click();
    await agent
      .locator('[data-testid="conversation-item"]:visible')
      .filter({ hasText: 'Paula' })
      .first()
      .click();
    await agent.getByTestId('conversation-assign').click();
    await agent.getByTestId('composer-input').fill('O prazo é de 3 dias úteis.');
    await agent.getByTestId('composer-send').click();
    await agent
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: 'O prazo é de 3 dias úteis.' })
      .first()
      .waitFor();
    await statisticBecomes(wallboard, 'monitoring-waiting', waiting);

    await agent.getByTestId('conversation-close').click();
    await agent.getByTestId('close-confirm').click();
    await statisticBecomes(dashboard, 'kpi-closed', closed + 1);
    await expect(dashboard.getByTestId('kpi-first-response').textContent()).resolves.not.toContain('—');
  });

  it("the first scenario's visitor counts as a contact from the site widget on the contact-origin page", async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/analytics/contact-origin`);
    const row = page.getByTestId('contact-origin-table').locator('tr').filter({ hasText: 'Widget do site' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Widget do site[1-9]/);
    await page.getByTestId('contact-origin-chart').locator('canvas').waitFor();
    expect(await statistic(page, 'contact-origin-total')).toBeGreaterThanOrEqual(1);
    // Its landing page and UTM campaign, from the widget session.
    await page
      .getByTestId('contact-origin-page')
      .locator('tr')
      .filter({ hasText: 'https://loja.example.com/entrega' })
      .waitFor();
    await page
      .getByTestId('contact-origin-utm_campaign')
      .locator('tr')
      .filter({ hasText: 'frete-gratis' })
      .waitFor();
  });

  it('an agent going on "Pausa" shows on the activity timeline without a reload', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/analytics/reports`);
    await page.getByRole('tab', { name: 'Atendentes' }).click();
    // The admin's own socket made them online today.
    await page
      .locator('[data-testid="timeline-bar"] [data-status="online"]')
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByTestId('my-status').getByText('Pausa').click();
    await page
      .locator('[data-testid="timeline-bar"] [data-status="away"]')
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 });
    await expect(page.getByTestId('timeline-table').textContent()).resolves.toContain('Pausa');
  });

  it('the report builder saves a named report, draws it from the ledger and keeps it after a reload', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/v2/analytics/report-builder/dashboard`);
    await page.getByTestId('new-report').click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe o nome do relatório.').waitFor();
    await page.getByTestId('report-name').fill('Volume diário');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const card = page.getByTestId('saved-report').filter({ hasText: 'Volume diário' });
    // The first scenario's conversation opened today: the chart has a day to draw.
    await card.locator('canvas').waitFor();
    await page.reload();
    await page.getByTestId('saved-report').filter({ hasText: 'Volume diário' }).locator('canvas').waitFor();
    await expect(card.textContent()).resolves.toContain('Conversas abertas · Dia · Últimos 7 dias');

    // A second report, private and full width, then moved before the first one.
    await page.getByTestId('new-report').click();
    await page.getByTestId('report-name').fill('Meu rascunho');
    await page.getByTestId('report-visibility').getByText('Só eu').click();
    await page.getByTestId('report-size').getByText('Largura inteira').click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const draft = page.getByTestId('saved-report').filter({ hasText: 'Meu rascunho' });
    await draft.getByTestId('saved-report-private').waitFor();
    await draft.getByTestId('saved-report-up').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="saved-report"]')?.textContent?.includes('Meu rascunho') ===
        true,
    );
  });
});
