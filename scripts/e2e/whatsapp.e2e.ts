import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentRequest } from '../src/sandbox/types.ts';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, logIn, waitForHome } from './pages.ts';

const CUSTOMER_PHONE = '5585999990001';
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'e2e-app-secret';
const ANSWER = 'Sentimos muito! Vamos trocar o produto ainda hoje.';

let runtime: TestRuntime;
let browser: Browser;
let webhookUrl: string;

/** The sandbox's record of a Cloud API text send to the customer carrying `text`. */
const textTo = (to: string, text: string) => (request: SentRequest) => {
  const body = request.body as { to?: string; type?: string; text?: { body?: string } } | undefined;
  return body?.to === to && body.type === 'text' && body.text?.body === text;
};

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
  const created = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(runtime)}` },
    body: JSON.stringify({
      type: 'official',
      provider: 'meta',
      label: 'WhatsApp da loja',
      phone: '5585300000000',
      phone_number_id: PHONE_NUMBER_ID,
      access_token: 'e2e-access-token',
      app_secret: APP_SECRET,
      verify_token: 'e2e-verify-token',
    }),
  });
  expect(created.status).toBe(201);
  ({ webhookUrl } = (await created.json()) as { webhookUrl: string });
  expect(webhookUrl).toMatch(new RegExp(`^${runtime.url}/api/webhooks/meta/[0-9a-f]{24}$`));
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

describe('WhatsApp (Meta Cloud API) through the provider sandbox', () => {
  it('a customer writes on WhatsApp, the operator answers in the inbox, and the sandbox receives the answer', async () => {
    const customer = {
      channel: 'whatsapp',
      to: webhookUrl,
      appSecret: APP_SECRET,
      phoneNumberId: PHONE_NUMBER_ID,
      from: CUSTOMER_PHONE,
      name: 'Joana Ribeiro',
    } as const;
    const first = {
      ...customer,
      id: 'wamid.E2E-FIRST',
      text: 'Olá, meu pedido chegou com a caixa amassada.',
    };
    expect(await runtime.sandbox.postInbound(first)).toMatchObject({ status: 200 });

    const operator = runtime.logins.find((login) => login.role === 'admin');
    if (!operator) throw new Error('no admin login');
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${runtime.url}/atende/login`);
    await logIn(page, operator.email, operator.password);
    await waitForHome(page);
    await page.goto(`${runtime.url}/app/chat`);
    await page.getByTestId('conversation-tab-queue').click();

    const item = page
      .locator('[data-testid="conversation-item"]:visible')
      .filter({ hasText: 'Joana' })
      .first();
    await item.waitFor({ timeout: 20_000 });
    await item.click();
    await page
      .getByTestId('message-item')
      .filter({ hasText: 'caixa amassada' })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('conversation-assign').click();
    await page.getByTestId('composer-input').fill(ANSWER);
    await page.getByTestId('composer-send').click();
    await page
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: 'Vamos trocar o produto' })
      .first()
      .waitFor({ timeout: 15_000 });

    const deadline = Date.now() + 20_000;
    while (!runtime.sandbox.sent('meta').some(textTo(CUSTOMER_PHONE, ANSWER)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sends = runtime.sandbox.sent('meta').filter(textTo(CUSTOMER_PHONE, ANSWER));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      method: 'POST',
      path: `/v21.0/${PHONE_NUMBER_ID}/messages`,
      headers: { authorization: 'Bearer e2e-access-token' },
      response: { status: 200 },
    });

    // Meta redelivers the first webhook: nothing new. The next message of the same conversation follows it in
    // the FIFO group, so once that one shows, the redelivery has been processed.
    expect(await runtime.sandbox.postInbound(first)).toMatchObject({ status: 200 });
    expect(
      await runtime.sandbox.postInbound({
        ...customer,
        id: 'wamid.E2E-SECOND',
        text: 'Obrigada pela ajuda!',
      }),
    ).toMatchObject({ status: 200 });
    await page
      .getByTestId('message-item')
      .filter({ hasText: 'Obrigada pela ajuda!' })
      .first()
      .waitFor({ timeout: 15_000 });
    await expect(
      page.getByTestId('message-item').filter({ hasText: 'caixa amassada' }).count(),
    ).resolves.toBe(1);
  });
});
