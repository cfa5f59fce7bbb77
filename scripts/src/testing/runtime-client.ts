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
  token: string;
  /** GET without a body, POST with one, as the seeded admin. */
  api(path: string, body?: unknown): Promise<Response>;
  /** Any method, as the seeded admin. */
  call(method: string, path: string, body?: unknown): Promise<Response>;
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
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${runtime.url}/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    adminId,
    token: accessToken,
    api: (path, body) => call(body === undefined ? 'GET' : 'POST', path, body),
    call,
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

/**
 * An e-mail channel ready to receive: created through the API, then confirmed with the 6-digit code the
 * runtime mailed to its address (read from the sandbox's SMTP sink, as its owner would read their inbox).
 */
export async function confirmedMailboxChannel(
  runtime: TestRuntime,
  token: string,
  body: { label: string; email: string },
): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const created = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'email', ...body }),
  });
  if (created.status !== 201) throw new Error(`e-mail channel answered ${created.status}`);
  const { _id: id } = (await created.json()) as { _id: string };
  const address = body.email.toLowerCase();
  const code = await eventually(() =>
    runtime.sandbox
      .mail()
      .filter((mail) => mail.to.includes(address))
      .map((mail) => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1])
      .findLast((found) => found !== undefined),
  );
  const confirmed = await fetch(`${runtime.url}/api/integrations/channels/${id}/mailbox/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code }),
  });
  if (confirmed.status !== 200) throw new Error(`mailbox confirmation answered ${confirmed.status}`);
  return id;
}
