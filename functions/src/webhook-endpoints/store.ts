import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@atende/shared/contracts/webhook-endpoints/views';
import { sealedCredentials, type SealedCredentials } from '../integrations/sealed.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll, queryOnePage } from '../lib/dynamo/query.ts';
import { readCache } from '../lib/read-cache.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { webhookKeys } from './keys.ts';

/** A signing secret at rest (sealed like channel credentials); a rotated-out one carries its end of validity. */
export interface StoredSecret {
  sealed: SealedCredentials;
  expires_at: string | null;
}

export interface EndpointRecord extends WebhookEndpointView {
  company_id: string;
  secrets: StoredSecret[];
}

export interface DeliveryRecord extends WebhookDeliveryView {
  company_id: string;
  endpoint_id: string;
  /** The exact body of every attempt: the signature covers these bytes. */
  payload: string;
  /** The attempt count when the current round began (0, or the count at the last replay): backoff restarts. */
  round_start: number;
}

/** Deliveries are kept 30 days for the log. */
const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;

const table = () => config().mainTable;
const send = clients;

function toEndpoint(item: Record<string, unknown>): EndpointRecord {
  const { pk: _pk, sk: _sk, entity: _entity, ...rest } = item;
  const record = rest as unknown as EndpointRecord;
  return {
    ...record,
    secrets: (record.secrets ?? []).map((secret) => ({
      sealed: sealedCredentials.parse(secret.sealed),
      expires_at: secret.expires_at ?? null,
    })),
  };
}

export function endpointView(record: EndpointRecord): WebhookEndpointView {
  const { company_id: _company, secrets: _secrets, ...view } = record;
  return view;
}

export async function listEndpoints(companyId: string): Promise<EndpointRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': webhookKeys.endpoints(companyId) },
  });
  return items.map(toEndpoint);
}

/**
 * A company without endpoints (most of them) is remembered as such for NO_ENDPOINTS_CACHE_MS, so its domain
 * events cost the event consumer no Query; a company with any endpoint is read every time (their status and
 * subscriptions decide deliveries). An endpoint created in this process forgets the company at once; one
 * created in another process receives the events from at most that long after its creation.
 */
const NO_ENDPOINTS_CACHE_MS = 5_000;
const noEndpoints = readCache<EndpointRecord[]>(NO_ENDPOINTS_CACHE_MS);

export async function listEndpointsForEvents(companyId: string): Promise<EndpointRecord[]> {
  const endpoints = await noEndpoints.get(companyId, () => listEndpoints(companyId));
  if (endpoints.length > 0) noEndpoints.forget(companyId);
  return endpoints;
}

export const forgetNoEndpoints = (companyId: string): void => noEndpoints.forget(companyId);

export async function getEndpoint(
  companyId: string,
  endpointId: string,
): Promise<EndpointRecord | undefined> {
  const { Item } = await send().document.send(
    new GetCommand({
      TableName: table(),
      Key: webhookKeys.endpoint(companyId, endpointId),
      ConsistentRead: true,
    }),
  );
  return Item ? toEndpoint(Item) : undefined;
}

/** The endpoint's write, for the transaction that also writes its audit entry. */
export function endpointPut(record: EndpointRecord, options: { create: boolean }): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...webhookKeys.endpoint(record.company_id, record._id), entity: 'webhook_endpoint', ...record },
      ConditionExpression: options.create ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
    },
  };
}

export function endpointDelete(companyId: string, endpointId: string): TransactItem {
  return {
    Delete: {
      TableName: table(),
      Key: webhookKeys.endpoint(companyId, endpointId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** Marks the endpoint failing from `at` unless it already is (the first failure starts the 24-hour clock). */
export async function markFailing(companyId: string, endpointId: string, at: string): Promise<string | null> {
  try {
    await send().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: webhookKeys.endpoint(companyId, endpointId),
        UpdateExpression: 'SET failing_since = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(failing_since) OR failing_since = :null)',
        ExpressionAttributeValues: { ':at': at, ':null': null },
      }),
    );
    return at;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
    return (await getEndpoint(companyId, endpointId))?.failing_since ?? null;
  }
}

/** A success ends the failing streak. */
export async function clearFailing(companyId: string, endpointId: string): Promise<void> {
  await send()
    .document.send(
      new UpdateCommand({
        TableName: table(),
        Key: webhookKeys.endpoint(companyId, endpointId),
        UpdateExpression: 'SET failing_since = :null',
        ConditionExpression: 'attribute_exists(pk) AND failing_since <> :null',
        ExpressionAttributeValues: { ':null': null },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Disables an active endpoint; answers whether this call did it (so the admins are told once). */
export async function disableFailingEndpoint(
  companyId: string,
  endpointId: string,
  at: string,
): Promise<boolean> {
  try {
    await send().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: webhookKeys.endpoint(companyId, endpointId),
        UpdateExpression: 'SET #status = :disabled, disabled_reason = :failing, updated_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':disabled': 'disabled',
          ':failing': 'failing',
          ':active': 'active',
          ':at': at,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Writes a new delivery; answers false when it already exists (the event was delivered to the outbox before). */
export async function putNewDelivery(record: DeliveryRecord): Promise<boolean> {
  try {
    await send().document.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...webhookKeys.delivery(record.company_id, record.endpoint_id, record._id),
          entity: 'webhook_delivery',
          ...record,
          expiresAt: Math.floor(Date.now() / 1000) + DELIVERY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

function toDelivery(item: Record<string, unknown>): DeliveryRecord {
  const { pk: _pk, sk: _sk, entity: _entity, expiresAt: _ttl, ...rest } = item;
  return rest as unknown as DeliveryRecord;
}

export function deliveryView(record: DeliveryRecord): WebhookDeliveryView {
  const { company_id: _c, endpoint_id: _e, payload: _p, round_start: _r, ...view } = record;
  return view;
}

export async function getDelivery(
  companyId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRecord | undefined> {
  const { Item } = await send().document.send(
    new GetCommand({
      TableName: table(),
      Key: webhookKeys.delivery(companyId, endpointId, deliveryId),
      ConsistentRead: true,
    }),
  );
  return Item ? toDelivery(Item) : undefined;
}

export type DeliveryOutcome = Pick<
  DeliveryRecord,
  'status' | 'attempt' | 'status_code' | 'duration_ms' | 'error' | 'next_retry_at' | 'last_attempt_at'
>;

/**
 * Records an attempt's outcome, only if no other attempt got there first (`attempt` moves forward by one):
 * a duplicate SQS message can never write over a newer result. Answers whether it was recorded.
 */
export async function recordAttempt(
  companyId: string,
  endpointId: string,
  deliveryId: string,
  previousAttempt: number,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  const names = Object.keys(outcome);
  try {
    await send().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: webhookKeys.delivery(companyId, endpointId, deliveryId),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #attempt = :previous',
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.entries(outcome).map(([name, value]) => [`:${name}`, value])),
          ':previous': previousAttempt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Replay: the delivery goes back to pending for another attempt, keeping its id and its attempt count. */
export async function markReplayed(record: DeliveryRecord): Promise<void> {
  await send().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: webhookKeys.delivery(record.company_id, record.endpoint_id, record._id),
      UpdateExpression: 'SET #status = :pending, next_retry_at = :null, round_start = #attempt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#attempt': 'attempt' },
      ExpressionAttributeValues: { ':pending': 'pending', ':null': null },
    }),
  );
}

export async function listDeliveryPage(
  companyId: string,
  endpointId: string,
  page: { cursor: string | undefined; limit: number },
) {
  const partition = webhookKeys.deliveries(companyId, endpointId);
  const answer = await queryOnePage(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: page.limit,
    },
    { companyId, cursor: page.cursor, partition },
  );
  return { items: answer.items.map(toDelivery), nextCursor: answer.nextCursor };
}
