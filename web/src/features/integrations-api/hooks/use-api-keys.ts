import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiKeyInput, apiKeyKeys, apiKeysApi } from '../api/api-keys-api.ts';

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: apiKeysApi.list });
}

export function useOpenApi() {
  return useQuery({ queryKey: apiKeyKeys.openapi, queryFn: apiKeysApi.openapi, staleTime: Infinity });
}

/** The scopes the public API knows, read from its document (each operation names the one it needs). */
export function scopesOf(document: {
  paths: Record<string, Record<string, { 'x-required-scope': string }>>;
}) {
  const scopes = Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((operation) => operation['x-required-scope']),
  );
  return [...new Set(scopes)].sort();
}

export function useApiKeyMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: apiKeyKeys.list });
  return {
    create: useMutation({ mutationFn: (body: ApiKeyInput) => apiKeysApi.create(body), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: string) => apiKeysApi.revoke(id), onSuccess: refresh }),
  };
}
