import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { openAs } from './pages.ts';

let runtime: TestRuntime;
let browser: Browser;
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

/** The integrator's side: a local receiver (the local runtime allows http and loopback URLs). */
async function startReceiver(): Promise<string> {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atende`;
}

async function until<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('outbound webhooks', () => {
  it('an admin creates a webhook, sends a test event and sees the signed delivery in the log', async () => {
    const url = await startReceiver();
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/integrations/webhooks`);
    await admin.getByTestId('webhooks-page').waitFor();
    await admin.getByText('Nenhum webhook cadastrado.').waitFor();

    await admin.getByTestId('webhook-add').click();
    // The form says what is missing before anything is sent.
    await admin.getByTestId('webhook-form-save').click();
    await admin.getByText('Informe a URL de destino.').waitFor();
    await admin.getByText('Escolha ao menos um evento.').waitFor();
    await admin.getByTestId('webhook-url').fill(url);
    await admin.getByTestId('webhook-description').fill('Receptor local');
    await admin.getByTestId('webhook-event-contact.created').click();
    await admin.getByTestId('webhook-form-save').click();

    // The secret, once.
    const secret = ((await admin.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await admin.getByTestId('webhook-secret-close').click();
    const row = admin.getByTestId('webhook-row').filter({ hasText: url });
    await row.waitFor();

    await row.getByTestId('webhook-test').click();
    await admin.getByText('Evento de teste enfileirado.').waitFor();

    // The receiver got it, signed per Standard Webhooks with the secret the page showed.
    const call = await until(() => received[0]);
    const event = new Webhook(secret).verify(call.body, call.headers as Record<string, string>) as {
      type: string;
      data: { endpoint_id: string };
    };
    expect(event.type).toBe('webhook.test');
    expect(String(call.headers['webhook-id'])).toMatch(/^msg_[0-9a-f]{24}$/);

    // And the log shows the delivery as delivered, with its status code.
    await row.getByTestId('webhook-deliveries').click();
    const delivered = admin.locator('[data-testid="webhook-delivery-row"][data-status="succeeded"]');
    await delivered.first().waitFor({ timeout: 20_000 });
    await expect(delivered.first().textContent()).resolves.toMatch(/webhook\.test.*Entregue.*204/);
  });

  it('an admin creates a scoped API key, tries the API with it from the reference page, and revokes it', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await admin.goto(`${runtime.url}/app/integrations/api`);
    await admin.getByTestId('api-reference').waitFor();

    await admin.getByTestId('api-key-add').click();
    await admin.getByTestId('api-key-save').click();
    await admin.getByText('Informe um nome para a chave.').waitFor();
    await admin.getByTestId('api-key-name').fill('ERP de testes');
    await admin.getByTestId('api-key-scopes').click();
    await admin.keyboard.type('contacts:read');
    await admin.keyboard.press('Enter');
    await admin.keyboard.press('Escape');
    await admin.getByTestId('api-key-save').click();
    const key = ((await admin.getByTestId('api-key-value').textContent()) ?? '').trim();
    expect(key).toMatch(/^atd_/);
    await admin.getByTestId('api-key-close').click();
    const row = admin.getByTestId('api-key-row').filter({ hasText: 'ERP de testes' });
    await row.waitFor();

    const tryOperation = async (operationId: string, body?: string) => {
      const header = admin.locator(`[data-testid="api-operation"][data-operation-id="${operationId}"]`);
      const panel = admin.locator('.ant-collapse-item').filter({ has: header });
      if ((await panel.getByTestId('api-try-it').count()) === 0) await header.click();
      // The panel opens with an animation: fill and send only once its form is there.
      await panel.getByTestId('api-try-it').waitFor();
      if (body !== undefined) {
        await panel.locator('textarea').fill(body);
        await expect.poll(() => panel.locator('textarea').inputValue()).toBe(body);
      }
      await panel.getByRole('button', { name: 'Enviar' }).click();
      return panel.getByTestId('api-try-result');
    };
    await admin.getByTestId('api-try-key').fill(key);
    const listed = await tryOperation('contacts.list');
    await listed.getByText('Resposta: 200').waitFor();
    // contacts:read does not write.
    const refused = await tryOperation(
      'contacts.create',
      '{"full_name":"Via API","cel_phone":"(85) 91234-5678"}',
    );
    await refused.getByText('Resposta: 403').waitFor();

    await row.getByTestId('api-key-revoke').click();
    await admin.getByTestId('api-key-revoke-confirm').click();
    await admin.getByText('Nenhuma chave de API cadastrada.').waitFor();
    const revoked = await tryOperation('contacts.list');
    await revoked.getByText('Resposta: 401').waitFor();
  });
});
