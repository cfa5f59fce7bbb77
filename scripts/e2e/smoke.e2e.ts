import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';

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

describe('smoke: the served app', () => {
  it('opens the web app from the local runtime, with its config and a healthy API', async () => {
    const page = await browser.newPage();
    const configLoaded = page.waitForResponse((response) => response.url().endsWith('/config.json'));
    const response = await page.goto(runtime.url);
    expect(response?.status()).toBe(200);
    expect((await configLoaded).status()).toBe(200);
    await expect(page.title()).resolves.not.toBe('');
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toMatchObject({ status: 'ok' });
    await page.close();
  });
});
