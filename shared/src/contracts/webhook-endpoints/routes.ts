import * as z from 'zod';
import { PLAN_FEATURES } from '../../domain/features.ts';
import { defineRoute } from '../types.ts';
import {
  deliveriesPage,
  deliveryIdParams,
  endpointIdParams,
  listDeliveriesQuery,
  webhookDeliveryView,
  webhookEndpointBody,
  webhookEndpointPatch,
  webhookEndpointView,
  webhookSecretView,
} from './views.ts';

/**
 * Outbound webhook endpoints (spec point 2: app/integrations/webhooks, admin, webhooks plan feature). They
 * live under /webhook-endpoints: /webhooks/{provider}/{integrationId} is the inbound provider route, and API
 * Gateway allows one path variable per level, so /webhooks/{id} could not sit beside it.
 */
const base = { domain: 'webhookEndpoints', auth: 'employee' } as const;
const access = { roles: ['admin'], planFeatures: [PLAN_FEATURES.webhooks] } as const;
const BODY_LIMIT = 16_384;

export const listWebhookEndpoints = defineRoute({
  ...base,
  id: 'webhookEndpoints.list',
  method: 'GET',
  path: '/webhook-endpoints',
  access,
  response: z.object({ endpoints: z.array(webhookEndpointView) }),
});

export const createWebhookEndpoint = defineRoute({
  ...base,
  id: 'webhookEndpoints.create',
  method: 'POST',
  path: '/webhook-endpoints',
  access,
  body: webhookEndpointBody,
  response: webhookSecretView,
  successStatus: 201,
  maxBodyBytes: BODY_LIMIT,
});

export const getWebhookEndpoint = defineRoute({
  ...base,
  id: 'webhookEndpoints.get',
  method: 'GET',
  path: '/webhook-endpoints/{id}',
  access,
  params: endpointIdParams,
  response: webhookEndpointView,
});

export const updateWebhookEndpoint = defineRoute({
  ...base,
  id: 'webhookEndpoints.update',
  method: 'PATCH',
  path: '/webhook-endpoints/{id}',
  access,
  params: endpointIdParams,
  body: webhookEndpointPatch,
  response: webhookEndpointView,
  maxBodyBytes: BODY_LIMIT,
});

export const deleteWebhookEndpoint = defineRoute({
  ...base,
  id: 'webhookEndpoints.delete',
  method: 'DELETE',
  path: '/webhook-endpoints/{id}',
  access,
  params: endpointIdParams,
  successStatus: 204,
});

/** A new secret; the previous one keeps signing (a second v1 signature) for 24 hours. */
export const rotateWebhookSecret = defineRoute({
  ...base,
  id: 'webhookEndpoints.rotateSecret',
  method: 'POST',
  path: '/webhook-endpoints/{id}/rotate-secret',
  access,
  params: endpointIdParams,
  response: webhookSecretView,
});

export const listWebhookDeliveries = defineRoute({
  ...base,
  id: 'webhookEndpoints.deliveries',
  method: 'GET',
  path: '/webhook-endpoints/{id}/deliveries',
  access,
  params: endpointIdParams,
  query: listDeliveriesQuery,
  response: deliveriesPage,
});

/** Sends a delivery again, with its webhook-id, at once (the retry schedule starts over). */
export const replayWebhookDelivery = defineRoute({
  ...base,
  id: 'webhookEndpoints.replay',
  method: 'POST',
  path: '/webhook-endpoints/{id}/deliveries/{deliveryId}/replay',
  access,
  params: deliveryIdParams,
  response: webhookDeliveryView,
  successStatus: 202,
});

export const testWebhookEndpoint = defineRoute({
  ...base,
  id: 'webhookEndpoints.test',
  method: 'POST',
  path: '/webhook-endpoints/{id}/test',
  access,
  params: endpointIdParams,
  response: webhookDeliveryView,
  successStatus: 202,
});

export const WEBHOOK_ENDPOINT_ROUTES = [
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  listWebhookDeliveries,
  replayWebhookDelivery,
  testWebhookEndpoint,
] as const;
