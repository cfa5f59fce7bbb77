import { resourcePath } from '@atende/shared/contracts/match';
import type { RouteContract } from '@atende/shared/contracts/types';
import { createRestApi, type RestHandler } from '../lib/gateway/rest-api.ts';
import { authorize } from './authorizer.ts';

/**
 * Test support: drives a domain handler through the same API Gateway emulator the local runtime uses
 * (lib/gateway/rest-api.ts), with the real REQUEST authorizer. A 2xx answer outside the contract's
 * `response` schema throws, so a handler drifting from its contract fails the test that calls it.
 */
export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  sourceIp?: string;
  /** The browser's Cookie header. */
  cookie?: string;
  /** An integrator's API key, sent as `x-api-key`. */
  apiKey?: string;
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

let calls = 0;
const restApi = createRestApi({ authorizer: async () => authorize, stage: 'prod', apiId: 'testapi123' });

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export async function callRoute(
  handler: RestHandler,
  contract: RouteContract,
  options: CallOptions = {},
): Promise<CallResult> {
  const resource = resourcePath(contract);
  const headers: Record<string, string> = { 'content-type': 'application/json', Host: 'testapi123.example' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  // Each call comes from its own address unless a test names one, as many clients would: per-address throttles
  // (sign-up, sign-in) then only meet the tests that exercise them.
  calls += 1;
  const outcome = await restApi.invoke(
    {
      route: contract,
      resource,
      path: fillPath(resource, options.params ?? {}),
      pathParameters: options.params ?? {},
      headers,
      query: Object.fromEntries(Object.entries(options.query ?? {}).map(([key, value]) => [key, [value]])),
      body: options.body === undefined ? null : JSON.stringify(options.body),
      sourceIp: options.sourceIp ?? `198.18.${(calls >> 8) & 255}.${calls & 255}`,
      userAgent: 'vitest',
    },
    async () => handler,
  );
  if (outcome.kind === 'gateway') {
    return { status: outcome.statusCode, headers: {}, body: { message: outcome.message } };
  }
  if (outcome.drift) throw new Error(outcome.drift);
  const { result } = outcome;
  const responseHeaders = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
  );
  return {
    status: result.statusCode,
    headers: responseHeaders,
    body: result.body ? (JSON.parse(result.body) as unknown) : undefined,
  };
}
