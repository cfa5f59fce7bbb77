import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { apiKeyBody, apiKeyIdParams, apiKeyView, createdApiKeyView } from './views.ts';

/** Spec point 2: app/integrations/api is admin only. */
const base = { domain: 'apiKeys', auth: 'employee', access: { roles: ['admin'] } } as const;

export const listApiKeys = defineRoute({
  ...base,
  id: 'apiKeys.list',
  method: 'GET',
  path: '/api-keys',
  response: z.object({ keys: z.array(apiKeyView) }),
});

/** The key is answered once; only its SHA-256 is stored. */
export const createApiKey = defineRoute({
  ...base,
  id: 'apiKeys.create',
  method: 'POST',
  path: '/api-keys',
  body: apiKeyBody,
  response: createdApiKeyView,
  successStatus: 201,
  maxBodyBytes: 8192,
});

/** Revocation is immediate: the authorizer reads the key on every call (no authorizer cache). */
export const deleteApiKey = defineRoute({
  ...base,
  id: 'apiKeys.delete',
  method: 'DELETE',
  path: '/api-keys/{id}',
  params: apiKeyIdParams,
  successStatus: 204,
});

/** The OpenAPI 3.1 document of the public API, generated from the manifest's contracts. */
export const getOpenApi = defineRoute({
  id: 'apiKeys.openapi',
  method: 'GET',
  path: '/openapi.json',
  domain: 'apiKeys',
  auth: 'public',
  response: z.record(z.string(), z.unknown()),
});

export const API_KEY_ROUTES = [listApiKeys, createApiKey, deleteApiKey, getOpenApi] as const;
