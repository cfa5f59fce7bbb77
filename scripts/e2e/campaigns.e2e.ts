import { campaignsPtBR } from '@atende/shared/i18n/campaigns';
import { campaignStatusPtBR } from '@atende/shared/i18n/pt-BR';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, openAs } from './pages.ts';

const PHONE_NUMBER_ID = '106540352242923';
const PHONES = ['5585988110001', '5585988110002', '5585988110003'];

const APP_SECRET = 'e2e-app-secret';
const CUSTOMER_PHONE = '5585999770001';

let runtime: TestRuntime;
let browser: Browser;
let webhookUrl: string;
let integrationId: string;

async function api(path: string, method: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${runtime.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(runtime)}` },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** Picks `label` in the antd Select behind `testId`. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  const integration = await api('/integrations/channels', 'POST', {
    type: 'official',
    provider: 'meta',
    label: 'WhatsApp Campanhas',
    phone: '5585300000001',
    phone_number_id: PHONE_NUMBER_ID,
    access_token: 'e2e-access-token',
    app_secret: APP_SECRET,
    verify_token: 'e2e-verify-token',
  });
  await api('/templates', 'POST', {
    integration: integration._id,
    name: 'oferta_semana',
    body: 'Olá {{1}}, sua oferta chegou!',
    status: 'APPROVED',
  });
  webhookUrl = String(integration.webhookUrl);
  integrationId = String(integration._id);
  await api('/templates', 'POST', {
    integration: integration._id,
    name: 'pedido_pronto',
    body: 'Olá {{1}}, seu pedido {{2}} está pronto.',
    status: 'APPROVED',
  });
  await api('/company/settings', 'PATCH', { whatsapp: { whatsapp_official_allow_active: true } });
  const tag = await api('/tags', 'POST', { name: 'Clientes VIP', color: '#aa3300' });
  for (const [index, phone] of PHONES.entries()) {
    await api('/contacts', 'POST', {
      full_name: `Cliente Vip ${index + 1}`,
      cel_phone: `+${phone}`,
      tags: [tag._id],
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

describe('campaigns', () => {
  it('creates a campaign with the stepper to a tag of three contacts, watches it finish and opens its report', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/campaign`);
    await page.getByTestId('campaign-new').click();

    // Channel and template.
    await page.getByTestId('campaign-name').fill('Oferta da semana');
    await choose(page, 'campaign-integration', 'WhatsApp Campanhas');
    await choose(page, 'campaign-template', 'oferta_semana');
    await page.getByTestId('campaign-next').click();

    // Variables: {{1}} is the contact's first name.
    await page.getByTestId('campaign-variable-1').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'customer_first_name' })
      .click();
    // The preview shows the template with its variable filled by the chosen field.
    await page
      .getByTestId('campaign-preview')
      .filter({ hasText: 'Olá [customer_first_name], sua oferta chegou!' })
      .waitFor();
    await page.getByTestId('campaign-next').click();

    // Audience with its estimate.
    await choose(page, 'campaign-tags', 'Clientes VIP');
    await page.getByTestId('campaign-estimate').filter({ hasText: 'Serão enviados' }).waitFor();
    await expect(page.getByTestId('campaign-estimate').textContent()).resolves.toMatch(/Público3/);
    await page.getByTestId('campaign-next').click();

    // Send now, review, create.
    await page.getByTestId('campaign-next').click();
    await page.getByTestId('campaign-review').filter({ hasText: 'Clientes VIP' }).waitFor();
    await page.getByTestId('campaign-submit').click();

    // The campaign view follows it to the end.
    await page.getByTestId('campaign-page').waitFor();
    await page.locator('[data-testid="campaign-status"][data-status="3"]').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('campaign-count-sent').textContent()).resolves.toContain('3');
    // The number's governor limits are shown beside it.
    await page.getByTestId('sender-limits').filter({ hasText: 'Limites do número' }).waitFor();

    // The sandbox received exactly one template per contact, with the name filled in.
    const sent = (await (await fetch(`${runtime.sandbox.url}/_sent?provider=meta`)).json()) as {
      to: string;
      body: string;
    }[];
    const ours = sent.filter((item) => PHONES.includes(item.to));
    expect(ours.map((item) => item.to).sort()).toEqual(PHONES);
    expect(ours[0]?.body).toContain('Cliente');

    // The report: funnel and recipients.
    await page.getByTestId('campaign-report-link').click();
    await page.getByTestId('campaign-report-page').waitFor();
    await page.getByTestId('report-sent').filter({ hasText: '3' }).waitFor();
    await expect(page.getByTestId('recipient-status').count()).resolves.toBe(3);
  });

  it('schedules a campaign for later with the stepper and cancels it from its view; 1 minute ahead is refused', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/campaign/create`);
    await page.getByTestId('campaign-name').fill('Oferta agendada');
    await choose(page, 'campaign-integration', 'WhatsApp Campanhas');
    await choose(page, 'campaign-template', 'oferta_semana');
    await page.getByTestId('campaign-next').click();
    await page.getByTestId('campaign-variable-1').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'customer_first_name' })
      .click();
    await page.getByTestId('campaign-next').click();
    await choose(page, 'campaign-tags', 'Clientes VIP');
    await page.getByTestId('campaign-estimate').filter({ hasText: 'Serão enviados' }).waitFor();
    await page.getByTestId('campaign-next').click();

    // Schedule: tomorrow at 10:00, typed into the date picker.
    await page.getByTestId('campaign-when').getByText(campaignsPtBR.fields.schedule).click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const two = (value: number) => String(value).padStart(2, '0');
    const typed = `${two(tomorrow.getDate())}/${two(tomorrow.getMonth() + 1)}/${tomorrow.getFullYear()} 10:00`;
    const picker = page.locator('.ant-picker input');
    await picker.click();
    await picker.fill(typed);
    await picker.press('Enter');
    await page.getByTestId('campaign-next').click();
    await page.getByTestId('campaign-review').filter({ hasText: typed }).waitFor();
    await page.getByTestId('campaign-submit').click();

    // Its view: scheduled, then cancelled from there, named as the spec names the statuses.
    await page.getByTestId('campaign-page').waitFor();
    const status = page.getByTestId('campaign-status');
    await page.locator('[data-testid="campaign-status"][data-status="1"]').waitFor();
    await expect(status.textContent()).resolves.toBe(campaignStatusPtBR.scheduled);
    await page.getByTestId('campaign-cancel').click();
    await page.locator('[data-testid="campaign-status"][data-status="4"]').waitFor();
    await expect(status.textContent()).resolves.toBe(campaignStatusPtBR.cancelled);

    // Within 2 minutes of its start a campaign can no longer be cancelled: the API says why, in pt-BR.
    // Its own empty tag: when it starts a minute later it sends to no one the other tests count.
    const empty = await api('/tags', 'POST', { name: 'Campanha em um minuto', color: '#3366aa' });
    const soon = await api('/campaigns', 'POST', {
      name: 'Oferta em um minuto',
      integration: integrationId,
      template: 'oferta_semana',
      variables: { '1': { source: 'field', value: 'customer_first_name' } },
      audience: { tags: [String(empty._id)] },
      scheduled_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const refused = await fetch(`${runtime.url}/api/campaigns/${String(soon._id)}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(runtime)}` },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(campaignsPtBR.cancelTooLate);
  });

  it('sends a template from the chat outside the 24 h window, variables checked, previewed and sent', async () => {
    // The customer's last message is 25 h old: only an approved template can reach them.
    const at = new Date(Date.now() - 25 * 3_600_000);
    const inbound = await runtime.sandbox.postInbound({
      channel: 'whatsapp',
      to: webhookUrl,
      appSecret: APP_SECRET,
      phoneNumberId: PHONE_NUMBER_ID,
      from: CUSTOMER_PHONE,
      name: 'Joana Ribeiro',
      text: 'Meu pedido já está pronto?',
      at,
    });
    expect(inbound).toMatchObject({ status: 200 });
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/chat`);
    await page.getByTestId('conversation-tab-queue').click();
    const item = page
      .locator('[data-testid="conversation-item"]:visible')
      .filter({ hasText: 'Joana' })
      .first();
    await item.waitFor({ timeout: 20_000 });
    await item.click();
    await page.getByTestId('conversation-assign').click();

    await page.getByTestId('template-picker').waitFor();
    await choose(page, 'template-select', 'pedido_pronto');
    await choose(page, 'template-field-body.0', 'Primeiro nome do cliente');
    // {{2}} left empty: the send is refused with the variable named.
    await page.getByTestId('template-send').click();
    await page
      .getByTestId('template-params')
      .filter({ hasText: 'Variável {{2}} do texto: preencha um valor.' })
      .waitFor();
    await page.getByTestId('template-param-body.1').fill('7781');
    await page
      .getByTestId('template-preview')
      .filter({ hasText: 'Olá Joana, seu pedido 7781 está pronto.' })
      .waitFor();
    await page.getByTestId('template-send').click();
    await page
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: 'seu pedido 7781 está pronto' })
      .first()
      .waitFor({ timeout: 15_000 });

    type TemplateSend = { to?: string; type?: string; template?: { name?: string; components?: unknown } };
    const templateTo = () =>
      runtime.sandbox
        .sent('meta')
        .map((request) => request.body as TemplateSend)
        .filter((body) => body.to === CUSTOMER_PHONE && body.type === 'template');
    const deadline = Date.now() + 20_000;
    while (templateTo().length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
    expect(templateTo()).toEqual([
      expect.objectContaining({
        template: expect.objectContaining({
          name: 'pedido_pronto',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Joana' },
                { type: 'text', text: '7781' },
              ],
            },
          ],
        }),
      }),
    ]);
  });

  it('imports a CSV audience: valid numbers kept, the refused rows listed with their reasons', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/broadcast/audience-lists`);
    await page.getByTestId('csv-audience-open').click();
    await page.getByTestId('csv-audience-name').fill('Planilha de pedidos');
    const csv = [
      'Nome;Celular;Pedido',
      'Rita;85 99155-0001;P-1',
      'Rui;123;P-2',
      'Rita de novo;85991550001;P-3',
    ];
    await page.locator('input[type="file"]').setInputFiles({
      name: 'pedidos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\n'), 'utf8'),
    });
    // The phone column is recognised by its name.
    await page.getByTestId('csv-audience-phone').filter({ hasText: 'Celular' }).waitFor();
    await page.getByTestId('csv-audience-submit').click();
    const result = page.getByTestId('csv-audience-result');
    await result.filter({ hasText: 'Linhas aceitas: 1 de 3. Contatos novos criados: 1.' }).waitFor();
    await expect(result.textContent()).resolves.toContain('Telefone inválido ou ausente.');
    await expect(result.textContent()).resolves.toContain('Telefone repetido no arquivo.');
    await page.getByTestId('csv-audience-submit').click();
    await page.getByText('CSV: pedidos.csv (contatos: 1)').first().waitFor();
  });
});
