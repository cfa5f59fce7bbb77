import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestRuntime } from './runtime.ts';

/** A stand-in web build for runtime tests that carry messages without the web app. */
export function standInWebRoot(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'atende-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Atende</title>');
  return webRoot;
}

export interface AdminClient {
  adminId: string;
  /** GET without a body, POST with one, as the seeded admin. */
  api(path: string, body?: unknown): Promise<Response>;
}

/** Signs the seeded admin in through the real API and calls it with their token. */
export async function adminClient(runtime: TestRuntime): Promise<AdminClient> {
  const admin = runtime.logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('no admin login');
  const response = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  const [, payload = ''] = accessToken.split('.');
  const adminId = String((JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: unknown }).sub);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  return {
    adminId,
    api: (path, body) =>
      fetch(`${runtime.url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

/** Polls `read` every 250 ms for up to 20 s until it answers a value. */
export async function eventually<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}
