import {
  createApiKey,
  deleteApiKey,
  getOpenApi,
  listApiKeys,
} from '@atende/shared/contracts/api-keys/routes';
import type { apiKeyBody } from '@atende/shared/contracts/api-keys/views';
import type { z } from 'zod';
import { apiBaseUrl } from '../../../lib/api/client.ts';
import { callRoute } from '../../../lib/api/call-route.ts';

export type ApiKeyInput = z.input<typeof apiKeyBody>;

export const apiKeyKeys = {
  list: ['api-keys', 'list'] as const,
  openapi: ['api-keys', 'openapi'] as const,
};

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  'x-required-scope': string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean }[];
  requestBody?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const apiKeysApi = {
  list: async () => (await callRoute(listApiKeys)).keys,
  create: (body: ApiKeyInput) => callRoute(createApiKey, { body }),
  revoke: (id: string) => callRoute(deleteApiKey, { params: { id } }),
  openapi: async () => (await callRoute(getOpenApi)) as unknown as OpenApiDocument,
};

export interface TryResult {
  status: number;
  body: string;
}

/**
 * Try-it-out: the call an integrator would make, with the key in `x-api-key` and no session token (so the
 * answer is exactly what the key may see). `path` is the document's, which begins with the API prefix.
 */
export async function tryCall(request: {
  method: string;
  path: string;
  apiKey: string;
  query: string;
  body: string | undefined;
}): Promise<TryResult> {
  const base = apiBaseUrl().replace(/\/api\/?$/, '');
  const url = `${base}${request.path}${request.query ? `?${request.query.replace(/^\?/, '')}` : ''}`;
  const response = await fetch(url, {
    method: request.method.toUpperCase(),
    headers: {
      'x-api-key': request.apiKey,
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: request.body } : {}),
    credentials: 'omit',
  });
  const text = await response.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return { status: response.status, body: pretty };
}
