import type { z } from 'zod';
import type {
  listDeliveriesQuery,
  webhookEndpointBody,
  webhookEndpointPatch,
} from '@atende/shared/contracts/webhook-endpoints/views';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_TEST_EVENT } from '@atende/shared/contracts/webhook-endpoints/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { developersPtBR } from '@atende/shared/i18n/pt-BR';
import { auditActor, auditItem } from '../audit/store.ts';
import { sealCredentials } from '../integrations/crypto.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { transactWrite } from '../lib/dynamo/transaction.ts';
import { Conflict, Invalid, NotFound } from '../lib/errors.ts';
import { enqueueDelivery } from './outbox.ts';
import { enqueueAttempt } from './queue.ts';
import { newWebhookSecret } from './signing.ts';
import {
  deliveryView,
  endpointDelete,
  endpointPut,
  forgetNoEndpoints,
  endpointView,
  type EndpointRecord,
  getDelivery,
  getEndpoint,
  listDeliveryPage,
  listEndpoints,
  markReplayed,
} from './store.ts';

const labels = developersPtBR.webhooks;
/** A rotated-out secret keeps signing this long, so receivers can switch without losing a delivery. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Production endpoints are https; the local runtime also takes http so a developer can use a local receiver. */
function requireAllowedScheme(url: string): void {
  const local = ['local', 'test'].includes(config().stage);
  if (new URL(url).protocol !== 'https:' && !local) throw new Invalid('url', labels.urlUnsafe);
}

async function requireEndpoint(auth: AuthContext, id: string): Promise<EndpointRecord> {
  const endpoint = await getEndpoint(auth.companyId, id);
  if (!endpoint) throw new NotFound(labels.notFound);
  return endpoint;
}

const sealed = (secret: string, endpointId: string) => sealCredentials({ secret }, endpointId);

export async function listWebhookEndpoints(auth: AuthContext) {
  const endpoints = await listEndpoints(auth.companyId);
  return { endpoints: endpoints.map(endpointView).sort((a, b) => a.created_at.localeCompare(b.created_at)) };
}

export async function getWebhookEndpoint(auth: AuthContext, id: string) {
  return endpointView(await requireEndpoint(auth, id));
}

export async function createWebhookEndpoint(auth: AuthContext, body: z.infer<typeof webhookEndpointBody>) {
  requireAllowedScheme(body.url);
  if ((await listEndpoints(auth.companyId)).length >= MAX_WEBHOOK_ENDPOINTS)
    throw new Conflict(labels.tooMany);
  const _id = newObjectId();
  const secret = newWebhookSecret();
  const now = new Date().toISOString();
  const record: EndpointRecord = {
    _id,
    company_id: auth.companyId,
    url: body.url,
    events: body.events,
    description: body.description ?? '',
    status: 'active',
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
    secrets: [{ sealed: sealed(secret, _id), expires_at: null }],
  };
  const actor = await auditActor(auth);
  await transactWrite({
    endpoint: endpointPut(record, { create: true }),
    audit: auditItem(auth.companyId, actor, {
      entity: 'webhook_endpoint',
      entityId: _id,
      action: 'create',
      before: null,
      after: endpointView(record),
    }),
  });
  forgetNoEndpoints(auth.companyId);
  return { _id, secret };
}

export async function updateWebhookEndpoint(
  auth: AuthContext,
  id: string,
  patch: z.infer<typeof webhookEndpointPatch>,
) {
  const current = await requireEndpoint(auth, id);
  if (patch.url !== undefined) requireAllowedScheme(patch.url);
  const reenabled = patch.status === 'active' && current.status !== 'active';
  const next: EndpointRecord = {
    ...current,
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.events !== undefined ? { events: patch.events } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.status !== undefined
      ? { status: patch.status, disabled_reason: patch.status === 'disabled' ? 'manual' : null }
      : {}),
    // Re-enabling starts a new 24-hour window.
    ...(reenabled ? { failing_since: null } : {}),
    updated_at: new Date().toISOString(),
  };
  const actor = await auditActor(auth);
  await transactWrite({
    endpoint: endpointPut(next, { create: false }),
    audit: auditItem(auth.companyId, actor, {
      entity: 'webhook_endpoint',
      entityId: id,
      action: 'update',
      before: endpointView(current),
      after: endpointView(next),
    }),
  });
  return endpointView(next);
}

export async function deleteWebhookEndpoint(auth: AuthContext, id: string): Promise<void> {
  const current = await requireEndpoint(auth, id);
  const actor = await auditActor(auth);
  await transactWrite({
    endpoint: endpointDelete(auth.companyId, id),
    audit: auditItem(auth.companyId, actor, {
      entity: 'webhook_endpoint',
      entityId: id,
      action: 'delete',
      before: endpointView(current),
      after: null,
    }),
  });
}

/** A new secret signs from now on; the current one keeps signing for 24 hours; older ones are dropped. */
export async function rotateWebhookSecret(auth: AuthContext, id: string) {
  const current = await requireEndpoint(auth, id);
  const now = new Date();
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  const kept = current.secrets
    .filter((stored) => stored.expires_at === null || Date.parse(stored.expires_at) > now.getTime())
    .map((stored) => ({ ...stored, expires_at: stored.expires_at ?? until }));
  const next: EndpointRecord = {
    ...current,
    secrets: [{ sealed: sealed(secret, id), expires_at: null }, ...kept],
    updated_at: now.toISOString(),
  };
  const actor = await auditActor(auth);
  await transactWrite({
    endpoint: endpointPut(next, { create: false }),
    audit: auditItem(auth.companyId, actor, {
      entity: 'webhook_endpoint',
      entityId: id,
      action: 'update',
      before: { secret_rotated_at: null },
      after: { secret_rotated_at: now.toISOString() },
    }),
  });
  return { _id: id, secret };
}

export async function listWebhookDeliveries(
  auth: AuthContext,
  id: string,
  query: z.infer<typeof listDeliveriesQuery>,
) {
  await requireEndpoint(auth, id);
  const page = await listDeliveryPage(auth.companyId, id, { cursor: query.cursor, limit: query.limit });
  return { items: page.items.map(deliveryView), nextCursor: page.nextCursor };
}

export async function replayWebhookDelivery(auth: AuthContext, id: string, deliveryId: string) {
  await requireEndpoint(auth, id);
  const delivery = await getDelivery(auth.companyId, id, deliveryId);
  if (!delivery) throw new NotFound(labels.deliveryNotFound);
  await markReplayed(delivery);
  await enqueueAttempt({
    company_id: auth.companyId,
    endpoint_id: id,
    delivery_id: deliveryId,
    attempt: delivery.attempt + 1,
    not_before: new Date().toISOString(),
  });
  return deliveryView({
    ...delivery,
    status: 'pending',
    next_retry_at: null,
    round_start: delivery.attempt,
  });
}

/** A `webhook.test` event to this endpoint alone, delivered like any other (signed, retried, logged). */
export async function testWebhookEndpoint(auth: AuthContext, id: string) {
  const endpoint = await requireEndpoint(auth, id);
  const testId = newObjectId();
  const delivery = await enqueueDelivery(endpoint, {
    id: `test-${testId}`,
    type: WEBHOOK_TEST_EVENT,
    occurred_at: new Date().toISOString(),
    data: { endpoint_id: id, message: labels.testEvent },
  });
  return deliveryView(delivery);
}
