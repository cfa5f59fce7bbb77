import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FetchImpl } from '../adapter.ts';

/** Tests only: a fetch that records each request and answers from a script, in order. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface ScriptedResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function fakeFetch(
  ...script: (ScriptedResponse | Error)[]
): FetchImpl & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const impl = async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body:
        typeof init.body === 'string' ? init.body : init.body === undefined ? undefined : String(init.body),
    });
    const next = script.shift();
    if (!next) throw new Error(`unexpected request to ${url}`);
    if (next instanceof Error) throw next;
    const payload =
      next.body instanceof Uint8Array || typeof next.body === 'string'
        ? next.body
        : next.body === undefined
          ? null
          : JSON.stringify(next.body);
    return new Response(payload, { status: next.status, headers: next.headers });
  };
  return Object.assign(impl, { requests });
}

/** Reads a provider payload fixture kept beside the adapter, as the raw text the provider would POST. */
export const fixture = (directory: string, name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, directory), 'utf8');

export const fixtureJson = (directory: string, name: string): unknown => JSON.parse(fixture(directory, name));

export const metaSignature = (rawBody: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

export const COMPANY_ID = '65f1a2b3c4d5e6f708192a3b';
export const INTEGRATION_ID = '65f1a2b3c4d5e6f708192a3c';
export const integration = { companyId: COMPANY_ID, integrationId: INTEGRATION_ID };
