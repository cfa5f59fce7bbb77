import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '@atende/shared/contracts/webhook-endpoints/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listWebhookEndpoints, ({ auth }) => service.listWebhookEndpoints(auth)),
    route(createWebhookEndpoint, ({ auth, body }) => service.createWebhookEndpoint(auth, body)),
    route(getWebhookEndpoint, ({ auth, params }) => service.getWebhookEndpoint(auth, params.id)),
    route(updateWebhookEndpoint, ({ auth, params, body }) =>
      service.updateWebhookEndpoint(auth, params.id, body),
    ),
    route(deleteWebhookEndpoint, ({ auth, params }) => service.deleteWebhookEndpoint(auth, params.id)),
    route(rotateWebhookSecret, ({ auth, params }) => service.rotateWebhookSecret(auth, params.id)),
    route(listWebhookDeliveries, ({ auth, params, query }) =>
      service.listWebhookDeliveries(auth, params.id, query),
    ),
    route(replayWebhookDelivery, ({ auth, params }) =>
      service.replayWebhookDelivery(auth, params.id, params.deliveryId),
    ),
    route(testWebhookEndpoint, ({ auth, params }) => service.testWebhookEndpoint(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
