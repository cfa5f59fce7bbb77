import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { openAs, widgetVisitorWrites } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;

const column = (page: Page, index: number): Locator => page.getByTestId('stage-column').nth(index);

/** Drags with the pointer in small steps, as a person does (dnd-kit starts after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + 60, { steps: 20 });
  await page.mouse.up();
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

describe('sales funnel', () => {
  it('creates a pipeline, sells from a conversation, moves the deal live, and a stage rule fills the agenda', async () => {
    await widgetVisitorWrites(runtime, {
      channelLabel: 'Site de vendas',
      name: 'Renata Compras',
      text: 'Quero um orçamento para 20 licenças',
    });
    const seller = await openAs(browser, runtime, 'admin');

    // A pipeline with two stages; entering "Proposta" creates an activity for the deal's owner.
    await seller.goto(`${runtime.url}/app/pipelines`);
    await seller.getByRole('button', { name: 'Novo funil' }).first().click();
    await seller.getByTestId('pipeline-name').fill('Vendas B2B');
    await seller.getByTestId('stage-name').first().fill('Contato');
    await seller.getByTestId('add-stage').click();
    const second = seller.getByTestId('stage-editor').nth(1);
    await second.getByTestId('stage-name').fill('Proposta');
    await second.getByTestId('rule-activity').check();
    await second.getByTestId('rule-activity-title').fill('Enviar proposta por e-mail');
    await seller.getByRole('button', { name: 'Salvar' }).click();
    await column(seller, 1).filter({ hasText: 'Proposta' }).waitFor();

    // "Criar negócio" from the conversation's side panel.
    await seller.goto(`${runtime.url}/app/chat`);
    await seller.getByTestId('conversation-tab-queue').click();
    await seller
      .locator('[data-testid="conversation-item"]:visible')
      .filter({ hasText: 'Renata' })
      .first()
      .click();
    await seller.getByTestId('side-new-deal').click();
    await seller.getByTestId('side-deal-title').fill('20 licenças');
    await seller.getByTestId('side-deal-value').fill('1500,50');
    await seller.getByTestId('side-deal-save').click();
    await seller.getByTestId('side-deal').filter({ hasText: '20 licenças' }).waitFor();
    await expect(seller.getByTestId('side-deal').first().textContent()).resolves.toMatch(
      /R\$\s1\.500,50 · Contato/,
    );

    // A second browser (the operator) watches the board.
    const watcher = await openAs(browser, runtime, 'operator');
    await watcher.goto(`${runtime.url}/app/pipelines`);
    const watched = (index: number) =>
      column(watcher, index).getByTestId('deal-card').filter({ hasText: '20 licenças' });
    await watched(0).waitFor();

    await seller.goto(`${runtime.url}/app/pipelines`);
    const card = column(seller, 0).getByTestId('deal-card').filter({ hasText: '20 licenças' });
    await card.waitFor();
    await drag(seller, card, column(seller, 1));
    await column(seller, 1).getByTestId('deal-card').filter({ hasText: '20 licenças' }).waitFor();
    await expect(column(seller, 1).getByTestId('stage-total').textContent()).resolves.toMatch(/1\.500,50/);

    // The operator's board follows without a reload.
    await watched(1).waitFor({ timeout: 15_000 });
    await expect(watched(0).count()).resolves.toBe(0);

    // The stage rule's activity is on today's agenda.
    await seller.goto(`${runtime.url}/app/activities`);
    await seller.getByTestId('agenda-today').getByText('Enviar proposta por e-mail').waitFor();

    // And on the home page, among the owner's activities of the day.
    await seller.goto(`${runtime.url}/app/home`);
    await seller.getByTestId('home-activities').getByText('Enviar proposta por e-mail').waitFor();
  });
});
