import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { pdfOf } from '../../functions/src/ai/test-files.ts';
import { adminToken, notice, openAs } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;
let site: Server;
let siteUrl: string;
let widgetId: string;

const HOURS =
  'A loja física abre de segunda a sábado, das 9h às 20h. Aos domingos e feriados a loja fica fechada.';

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  const token = await adminToken(runtime);
  const widget = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'widget', label: 'Site com IA' }),
  });
  expect(widget.status).toBe(201);
  widgetId = ((await widget.json()) as { _id: string })._id;
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><body><h1>Loja</h1><script src="${runtime.url}/widget.js" data-widget="${widgetId}"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  await runtime?.dispose();
});

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

const botSays = (visitor: Page, text: string) =>
  visitor.locator('[data-testid="widget-message"][data-sender="operator"]').filter({ hasText: text }).first();

describe('AI assistants', () => {
  it('an admin builds a knowledge base from a text, an assistant answers a widget visitor citing it, and hands off on request', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/chatbot/ai`);
    await admin.getByTestId('ai-base-url').fill(`${runtime.sandbox.baseUrls.openai}/v1`);
    await admin.getByTestId('ai-api-key').fill('sk-e2e-sandbox');
    await admin.getByTestId('ai-chat-model').fill('sandbox-chat');
    await admin.getByTestId('ai-embedding-model').fill('sandbox-embed');
    await admin.getByTestId('ai-settings-save').click();
    await notice(admin, 'Salvo.').waitFor({ timeout: 15_000 });
    await admin.getByTestId('ai-settings-test').click();
    await admin
      .getByTestId('ai-test-result')
      .filter({ hasText: 'Conexão funcionando' })
      .waitFor({ timeout: 15_000 });

    await admin.goto(`${runtime.url}/app/chatbot/ai/knowledge`);
    await admin.getByTestId('kb-name').fill('Loja física');
    await admin.getByTestId('kb-create').click();
    await admin.getByTestId('kb-add-document').click();
    await admin.getByTestId('kb-document-title').fill('Horário de funcionamento');
    await admin.getByTestId('kb-document-text').fill(HOURS);
    await admin.getByTestId('kb-document-save').click();
    await admin.locator('[data-testid="kb-document-row"][data-status="ready"]').waitFor({ timeout: 30_000 });

    await admin.goto(`${runtime.url}/app/chatbot/ai`);
    await admin.getByTestId('assistant-add').click();
    await admin.getByTestId('assistant-name').fill('Lia');
    await pick(admin, 'assistant-kbs', 'Loja física');
    await pick(admin, 'assistant-channels', 'Site com IA');
    await admin.getByTestId('assistant-save').click();
    await admin.getByTestId('assistant-row').filter({ hasText: 'Lia' }).waitFor({ timeout: 15_000 });

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(siteUrl);
    await visitor.getByTestId('widget-bubble').click();
    await visitor.getByTestId('widget-input').fill('A loja fica fechada aos domingos?');
    await visitor.getByTestId('widget-send').click();
    const answer = botSays(visitor, 'Aos domingos e feriados a loja fica fechada.');
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.textContent()).toContain('Fonte: Horário de funcionamento');

    // Another visitor asks in English: the answer (and its sources label) come in English.
    const english = await (await browser.newContext()).newPage();
    await english.goto(siteUrl);
    await english.getByTestId('widget-bubble').click();
    await english.getByTestId('widget-input').fill('Is the loja fechada on domingos?');
    await english.getByTestId('widget-send').click();
    const translated = botSays(
      english,
      'According to our information: Aos domingos e feriados a loja fica fechada.',
    );
    await translated.waitFor({ timeout: 30_000 });
    expect(await translated.textContent()).toContain('Source: Horário de funcionamento');

    await visitor.getByTestId('widget-input').fill('quero falar com um atendente');
    await visitor.getByTestId('widget-send').click();
    await botSays(visitor, 'Vou transferir você para um de nossos atendentes.').waitFor({ timeout: 30_000 });

    const token = await adminToken(runtime);
    await expect
      .poll(
        async () => {
          const all = await fetch(`${runtime.url}/api/conversations?tab=all`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const items =
            ((await all.json()) as { items?: { integration: string; status: string }[] }).items ?? [];
          return items.find((conversation) => conversation.integration === widgetId)?.status;
        },
        { timeout: 15_000 },
      )
      .toBe('queue');
  });
  it('a question the assistant cannot answer becomes a demand the admin turns into knowledge; precision counts it; a PDF feeds the base', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(siteUrl);
    await visitor.getByTestId('widget-bubble').click();
    await visitor.getByTestId('widget-input').fill('Vocês aceitam pagamento com pix?');
    await visitor.getByTestId('widget-send').click();
    await botSays(visitor, 'Vou transferir você para um de nossos atendentes.').waitFor({ timeout: 30_000 });

    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/chatbot`);
    await admin
      .getByTestId('chatbot-hub-demands')
      .filter({ hasText: '1 em aberto' })
      .waitFor({ timeout: 15_000 });
    await admin.goto(`${runtime.url}/app/chatbot/ai/demands`);
    const row = admin.getByTestId('demand-row').filter({ hasText: 'Vocês aceitam pagamento com pix?' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('demand-resolve').click();
    await admin.getByTestId('demand-resolve-answer').fill('Sim, aceitamos pix e cartão.');
    await admin.getByTestId('demand-resolve-save').click();
    await notice(admin, 'Pergunta e resposta adicionadas à base de conhecimento.').waitFor({
      timeout: 15_000,
    });
    await admin.getByText('Nenhuma pergunta sem resposta.', { exact: false }).waitFor({ timeout: 15_000 });

    await admin.goto(`${runtime.url}/app/chatbot/ai/precision`);
    const lia = admin.getByTestId('precision-row').filter({ hasText: 'Lia' });
    await lia.waitFor({ timeout: 15_000 });
    // Two answered (Portuguese and English visitors), this question unanswered: 2 / 3.
    expect(await lia.textContent()).toContain('67%');

    await admin.goto(`${runtime.url}/app/chatbot/ai/knowledge`);
    await admin.getByTestId('kb-add-document').click();
    await admin.getByText('Arquivo', { exact: true }).click();
    await admin.getByTestId('kb-document-file').setInputFiles({
      name: 'garantia.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf(['A garantia dos produtos da loja e de doze meses.']),
    });
    await admin.getByTestId('kb-document-save').click();
    await admin
      .locator('[data-testid="kb-document-row"][data-status="ready"]')
      .filter({ hasText: 'garantia.pdf' })
      .waitFor({ timeout: 30_000 });
  });
});
