import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '@atende/shared/contracts/webhook-endpoints/routes';
import type {
  webhookEndpointBody,
  webhookEndpointPatch,
} from '@atende/shared/contracts/webhook-endpoints/views';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type EndpointInput = z.input<typeof webhookEndpointBody>;
export type EndpointPatch = z.input<typeof webhookEndpointPatch>;

export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  list: ['webhook-endpoints', 'list'] as const,
  deliveries: (id: string) => ['webhook-endpoints', 'deliveries', id] as const,
};

export const webhooksApi = {
  list: async () => (await callRoute(listWebhookEndpoints)).endpoints,
  create: (body: EndpointInput) => callRoute(createWebhookEndpoint, { body }),
  update: (id: string, body: EndpointPatch) => callRoute(updateWebhookEndpoint, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteWebhookEndpoint, { params: { id } }),
  rotate: (id: string) => callRoute(rotateWebhookSecret, { params: { id } }),
  test: (id: string) => callRoute(testWebhookEndpoint, { params: { id } }),
  deliveries: (id: string, cursor: string | undefined) =>
    callRoute(listWebhookDeliveries, { params: { id }, query: { cursor, limit: '20' } }),
  replay: (id: string, deliveryId: string) =>
    callRoute(replayWebhookDelivery, { params: { id, deliveryId } }),
};
