import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
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
const CONTACT_MAILBOX = 'contato@loja-autentica.example';
const labels = ptBR.channelsScreens.mailbox;

/** The confirmation code the runtime mailed to `address`, as its owner reads it in their inbox. */
async function mailedCode(address: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const code = runtime.sandbox
      .mail()
      .filter((mail) => mail.to.includes(address))
      .map((mail) => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1])
      .findLast((found) => found !== undefined);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code was mailed to ${address}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

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
  it('the admin proves the mailbox with the mailed code before it receives anything', async () => {
    const page = await openAs(browser, runtime, 'admin');
    await page.goto(`${runtime.url}/app/integrations/channels`);
    await page.getByTestId('channels-table').waitFor();
    await page.getByTestId('channel-add').click();
    const form = page.getByTestId('channel-form-modal');
    await form.getByTestId('channel-type-email').click();
    await form.getByTestId('channel-form-label').fill('Contato');
    await form.getByTestId('channel-form-email').fill(CONTACT_MAILBOX);
    await form.getByTestId('channel-form-submit').click();

    const step = page.getByTestId('mailbox-code-modal');
    await step.getByText(interpolate(labels.sent, { address: CONTACT_MAILBOX })).waitFor();
    const row = page.getByTestId('channel-row').filter({ hasText: 'Contato' });
    await expect(row.getByTestId('channel-connection').innerText()).resolves.toBe(labels.pending);

    // A wrong code is refused in the modal, in pt-BR.
    const mailed = await mailedCode(CONTACT_MAILBOX);
    await step.getByRole('textbox').first().click();
    await page.keyboard.type(mailed === '000000' ? '111111' : '000000');
    await step.getByTestId('mailbox-code-submit').click();
    await step.getByText(ptBR.channels.mailboxCodeWrong).waitFor();

    // The boxes were emptied for the next try.
    await expect(step.getByRole('textbox').first().inputValue()).resolves.toBe('');
    await step.getByRole('textbox').first().click();
    await page.keyboard.type(mailed);
    await step.getByTestId('mailbox-code-submit').click();
    await page.getByText(labels.confirmed).waitFor();
    await expect(row.getByTestId('channel-connection').getAttribute('data-connected')).resolves.toBe('true');
    await page.close();
  });

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
