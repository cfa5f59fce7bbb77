import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** The spec's budget for the login route's initial JavaScript (issue 11). */
const BUDGET_GZIP_BYTES = 250 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * The JavaScript a visitor downloads to see `/{product}/login`: headless Chromium opens the page on the
 * local runtime and every script response (entry, imports, modulepreloads, lazy route chunks) until the
 * network is idle is summed, each gzipped at level 9 as CloudFront would serve it.
 */
export async function benchLoginJs(baseUrl: string, product = 'atende'): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; raw: number; gzip: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`${baseUrl}/${product}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[type="password"]').waitFor();
    const files = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
    const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
    const raw = files.reduce((sum, file) => sum + file.raw, 0);
    console.log(`\n/${product}/login initial JavaScript (headless Chromium, gzip -9)`);
    for (const file of files.slice(0, Number(process.env.LOGIN_FILES ?? 8)))
      console.log(`  ${kb(file.gzip).padStart(7)}  ${file.url}`);
    if (files.length > 8) console.log(`  … ${files.length - 8} more files`);
    console.log(
      `  total ${kb(gzip)} gzip (${kb(raw)} raw) in ${files.length} files; budget ${kb(BUDGET_GZIP_BYTES)}` +
        (gzip > BUDGET_GZIP_BYTES ? ' — OVER BUDGET' : ''),
    );
  } finally {
    await browser.close();
  }
}
