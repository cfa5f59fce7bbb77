import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { lazyClient } from './clients.ts';

/** The API Gateway control plane (API keys and usage plans of the public API); AWS only. */
export const apiGatewayClient = /* @__PURE__ */ lazyClient(() => new APIGatewayClient({}));
