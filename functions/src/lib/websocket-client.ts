import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { lazyClient } from './clients.ts';
import { config } from './config.ts';

const managementClient = /* @__PURE__ */ lazyClient(
  () => new ApiGatewayManagementApiClient({ endpoint: config().websocketManagementEndpoint }),
);

/** The WebSocket API's @connections client, or undefined where no endpoint is configured. */
export const websocketClient = (): ApiGatewayManagementApiClient | undefined =>
  config().websocketManagementEndpoint ? managementClient() : undefined;
