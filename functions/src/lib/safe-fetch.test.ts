import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch, UnsafeUrl } from './safe-fetch.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect-private') {
      res.writeHead(302, { location: 'http://10.1.2.3/secret' }).end();
      return;
    }
    if (req.url === '/slow') return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('safeFetch', () => {
  it.each([
    'http://127.0.0.1/',
    'https://127.0.0.1/',
    'https://10.0.0.5/',
    'https://192.168.1.1/',
    'https://172.20.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[fd00::1]/',
    'https://localhost/',
    'file:///etc/passwd',
  ])('refuses %s in production', async (url) => {
    await expect(safeFetch({ method: 'GET', url }, { allowLocal: false })).rejects.toBeInstanceOf(UnsafeUrl);
  });

  it('lets the local runtime call loopback over http, but still not private addresses after a redirect', async () => {
    const ok = await safeFetch({ method: 'POST', url: `${base}/x`, body: '{}' }, { allowLocal: true });
    expect(ok).toMatchObject({ status: 200, body: '{"method":"POST"}' });
    await expect(
      safeFetch({ method: 'GET', url: `${base}/redirect-private` }, { allowLocal: true }),
    ).rejects.toBeInstanceOf(UnsafeUrl);
  });

  it('gives up after the timeout', async () => {
    await expect(
      safeFetch({ method: 'GET', url: `${base}/slow` }, { allowLocal: true, timeoutMs: 200 }),
    ).rejects.toThrow();
  });
});
