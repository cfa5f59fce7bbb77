import type { z } from 'zod';
import { type apiKeyBody, MAX_API_KEYS } from '@atende/shared/contracts/api-keys/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { developersPtBR } from '@atende/shared/i18n/pt-BR';
import { auditActor, auditItem } from '../audit/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { transactWrite } from '../lib/dynamo/transaction.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import {
  apiKeyDelete,
  apiKeyPut,
  type ApiKeyRecord,
  apiKeyView,
  getApiKeyRecord,
  listApiKeyRecords,
} from './store.ts';
import { logger } from '../lib/logger.ts';
import { displayPrefix, hashApiKey, newApiKey } from './token.ts';
import { provisionGatewayKey, removeGatewayKey } from './usage-plans.ts';

const labels = developersPtBR.api;

export async function listApiKeys(auth: AuthContext) {
  const records = await listApiKeyRecords(auth.companyId);
  return { keys: records.map(apiKeyView).sort((a, b) => b.created_at.localeCompare(a.created_at)) };
}

/**
 * The key is answered here once; only its hash is kept (and, on AWS, API Gateway holds it as the key of its
 * own usage plan, created first: a key API Gateway refused is never handed out). A failed write removes it.
 */
export async function createApiKey(auth: AuthContext, body: z.infer<typeof apiKeyBody>) {
  if ((await listApiKeyRecords(auth.companyId)).length >= MAX_API_KEYS) throw new Conflict(labels.tooMany);
  const _id = newObjectId();
  const key = newApiKey(auth.companyId, _id);
  const actor = await auditActor(auth);
  const gateway = await provisionGatewayKey(auth.companyId, _id, key);
  const record: ApiKeyRecord = {
    _id,
    company_id: auth.companyId,
    key_hash: hashApiKey(key),
    name: body.name,
    scopes: body.scopes,
    prefix: displayPrefix(_id),
    expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
    last_used_at: null,
    created_at: new Date().toISOString(),
    created_by: actor,
    ...(gateway ? { gateway } : {}),
  };
  try {
    await transactWrite({
      key: apiKeyPut(record),
      audit: auditItem(auth.companyId, actor, {
        entity: 'api_key',
        entityId: _id,
        action: 'create',
        before: null,
        after: { name: record.name, scopes: record.scopes, expires_at: record.expires_at },
      }),
    });
  } catch (error) {
    await removeGatewayKey(gateway);
    throw error;
  }
  return { _id, key };
}

/**
 * Deleting the record is the revocation: the authorizer reads it on every call. Its API Gateway key and usage
 * plan go after; one left behind (logged) opens nothing, since the authorizer refuses a key without a record.
 */
export async function deleteApiKey(auth: AuthContext, id: string): Promise<void> {
  const current = await getApiKeyRecord(auth.companyId, id);
  if (!current) throw new NotFound(labels.keyNotFound);
  const actor = await auditActor(auth);
  await transactWrite({
    key: apiKeyDelete(auth.companyId, id),
    audit: auditItem(auth.companyId, actor, {
      entity: 'api_key',
      entityId: id,
      action: 'delete',
      before: { name: current.name, scopes: current.scopes },
      after: null,
    }),
  });
  await removeGatewayKey(current.gateway).catch((error: unknown) =>
    logger.error('revoked api key left in api gateway', {
      companyId: auth.companyId,
      keyId: id,
      gateway: current.gateway,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}
