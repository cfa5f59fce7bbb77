import { createTransport } from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMailboxChannel } from '../src/testing/runtime-client.ts';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, openAs } from './pages.ts';

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

const MAILBOX = 'sac@loja-autentica.example';

/** A customer's mail as the receiving MTA hands it on, with its Authentication-Results (RFC 8601). */
async function receive(from: string, text: string, results: string): Promise<void> {
  const transporter = createTransport({
    host: runtime.sandbox.smtp.host,
    port: runtime.sandbox.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  await transporter.sendMail({
    from,
    to: MAILBOX,
    subject: 'Pagamento',
    text,
    headers: { 'Authentication-Results': `mx.loja-autentica.example; ${results}` },
  });
  transporter.close();
}

describe('inbound e-mail authenticity in the chat', () => {
  it('a message failing SPF, DKIM and DMARC shows the suspicious-sender warning; an authentic one does not', async () => {
    await confirmedMailboxChannel(runtime, await adminToken(runtime), { label: 'SAC', email: MAILBOX });
    await receive(
      'banco@falso.example',
      'Pague o boleto novo neste link.',
      'spf=fail; dkim=fail; dmarc=fail',
    );
    await receive('cliente@real.example', 'Quando chega meu pedido?', 'spf=pass; dkim=pass; dmarc=pass');

    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/chat`);
    await page.getByTestId('conversation-tab-queue').click();
    const open = async (text: string) => {
      const row = page.locator('[data-testid="conversation-item"]:visible').filter({ hasText: text });
      const deadline = Date.now() + 20_000;
      while ((await row.count()) === 0 && Date.now() < deadline) {
        await page.reload();
        await page.getByTestId('conversation-tab-queue').click();
        await page.waitForTimeout(500);
      }
      await row.first().click();
      await page.getByTestId('message-item').filter({ hasText: text }).first().waitFor();
    };

    await open('Pague o boleto');
    const warning = page
      .getByTestId('message-item')
      .filter({ hasText: 'Pague o boleto' })
      .getByTestId('message-suspicious');
    await warning.waitFor();
    await expect(warning.innerText()).resolves.toContain('Remetente suspeito');

    await open('Quando chega meu pedido?');
    await expect(
      page
        .getByTestId('message-item')
        .filter({ hasText: 'Quando chega meu pedido?' })
        .getByTestId('message-suspicious')
        .count(),
    ).resolves.toBe(0);
    await page.close();
  });
});
