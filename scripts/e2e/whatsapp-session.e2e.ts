import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { notice, openAs } from './pages.ts';

const LABEL = 'Loja Centro';
const BUSINESS_PHONE = '558530003000';
const CUSTOMER_PHONE = '5585911112222';
const ANSWER = 'Olá, Rita! Como podemos ajudar?';

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

/** What `npm run sandbox -- wa-session ...` does: the fake WhatsApp's HTTP routes on the sandbox. */
async function fakeWhatsapp(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${runtime.sandbox.url}/whatsapp-session/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

type Sent = { integrationId: string; from: string; message: { to: string; text?: string } };

describe('unofficial WhatsApp linked by QR code', () => {
  it('the admin links a phone by QR, answers a customer from the inbox, and sees the link drop', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/integrations/channels`);
    await admin.getByTestId('channels-table').waitFor();
    await admin.getByRole('button', { name: ptBR.whatsappSession.connectWhatsapp }).click();

    const form = admin.getByTestId('channel-form-modal');
    await form.getByTestId('channel-form-label').fill(LABEL);
    await form.getByTestId('channel-form-submit').click();

    const qrModal = admin.getByTestId('whatsapp-qr-modal');
    await qrModal.getByText(interpolate(ptBR.whatsappSession.qrTitle, { label: LABEL })).waitFor();
    const qrCode = qrModal.getByTestId('whatsapp-qr-code');
    await qrCode.waitFor({ timeout: 20_000 });
    await qrModal.getByText(ptBR.whatsappSession.qrSteps).waitFor();
    const qr = await qrCode.getAttribute('data-qr');
    expect(qr).toBeTruthy();

    // The company's phone reads the code on screen.
    await fakeWhatsapp('scan', { target: qr, phone: BUSINESS_PHONE });
    await notice(admin, interpolate(ptBR.notices.whatsappConnected, { label: LABEL })).waitFor();
    const connected = qrModal.getByTestId('whatsapp-qr-connected');
    await connected.waitFor();
    await expect(connected.innerText()).resolves.toContain(
      interpolate(ptBR.whatsappSession.linkedPhone, { phone: BUSINESS_PHONE }),
    );
    await qrModal.getByRole('button', { name: ptBR.channelsScreens.done }).click();
    await qrModal.waitFor({ state: 'hidden' });

    const row = admin.getByTestId('channel-row').filter({ hasText: LABEL });
    await row.locator('[data-testid="channel-connection"][data-connected="true"]').waitFor();
    await expect(row.getByTestId('channel-connection').innerText()).resolves.toBe(
      ptBR.whatsappSession.states.open,
    );
    await expect(row.innerText()).resolves.toContain(BUSINESS_PHONE);
    const integrationId = await row.getAttribute('data-integration-id');
    expect(integrationId).toMatch(/^[0-9a-f]{24}$/);

    await fakeWhatsapp('inbound', { to: BUSINESS_PHONE, from: CUSTOMER_PHONE, name: 'Rita', text: 'Oi' });

    await admin.goto(`${runtime.url}/app/chat`);
    await admin.getByTestId('conversation-tab-queue').click();
    const item = admin.locator('[data-testid="conversation-item"]:visible').filter({ hasText: 'Rita' });
    await item.first().waitFor({ timeout: 20_000 });
    await item.first().click();
    await admin
      .locator('[data-testid="message-item"][data-sender="customer"]')
      .filter({ hasText: 'Oi' })
      .first()
      .waitFor({ timeout: 15_000 });
    await admin.getByTestId('conversation-assign').click();
    await admin.getByTestId('composer-input').fill(ANSWER);
    await admin.getByTestId('composer-send').click();
    await admin
      .locator('[data-testid="message-item"][data-sender="operator"]')
      .filter({ hasText: ANSWER })
      .first()
      .waitFor({ timeout: 15_000 });

    const answered = async () =>
      ((await fakeWhatsapp('sent')) as Sent[]).filter((sent) => sent.message.text === ANSWER);
    await expect.poll(answered, { timeout: 20_000 }).toHaveLength(1);
    const [sent] = await answered();
    expect(sent).toMatchObject({
      integrationId,
      from: BUSINESS_PHONE,
      message: { to: CUSTOMER_PHONE, text: ANSWER },
    });

    // The socket drops: the shell warns wherever the admin is, and the worker links again on its own.
    await fakeWhatsapp('drop', { integrationId });
    await notice(admin, interpolate(ptBR.notices.whatsappDisconnected, { label: LABEL })).waitFor();
    await notice(admin, interpolate(ptBR.notices.whatsappConnected, { label: LABEL })).waitFor({
      timeout: 15_000,
    });

    // The phone removes the linked device: the channel stays disconnected until a new QR code is read.
    await admin.goto(`${runtime.url}/app/integrations/channels`);
    await row.locator('[data-testid="channel-connection"][data-connected="true"]').waitFor();
    // The reloaded page must be in its rooms before the phone unlinks, or the frame has no one to reach.
    await admin.locator('html[data-realtime="joined"]').waitFor({ state: 'attached' });
    await admin.getByTestId('channel-health').waitFor();
    // Every notice the page shows from here on is recorded, so a toast cut short by the re-render that the
    // same change's update-company refresh causes is still seen.
    await admin.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { shownNotices: string[] }).shownNotices = seen;
      new MutationObserver(() => {
        document.querySelectorAll('.ant-message-notice').forEach((node) => {
          const text = node.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        });
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await fakeWhatsapp('unlink', { integrationId });
    await expect
      .poll(() => admin.evaluate(() => (window as unknown as { shownNotices: string[] }).shownNotices), {
        timeout: 30_000,
      })
      .toContain(interpolate(ptBR.notices.whatsappDisconnected, { label: LABEL }));
    await row.locator('[data-testid="channel-connection"][data-connected="false"]').waitFor();
    await expect(row.getByTestId('channel-connection').innerText()).resolves.toBe(
      ptBR.whatsappSession.states.idle,
    );
    await row.getByRole('button', { name: ptBR.whatsappSession.connect }).click();
    const nextQr = await qrModal.getByTestId('whatsapp-qr-code').getAttribute('data-qr', { timeout: 20_000 });
    expect(nextQr).toBeTruthy();
    expect(nextQr).not.toBe(qr);
  });
});
