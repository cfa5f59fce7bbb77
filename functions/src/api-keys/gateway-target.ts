import { ENV } from '@atende/shared/infra/env';

/**
 * The REST API stage the public-API keys' usage plans bind to (AWS); undefined on the local runtime. Apart
 * from usage-plans.ts so the authorizer asks it without bundling the API Gateway SDK.
 */
export interface GatewayTarget {
  restApiId: string;
  stage: string;
}

export function gatewayTarget(): GatewayTarget | undefined {
  const restApiId = process.env[ENV.restApiId];
  const stage = process.env[ENV.restApiStage];
  return restApiId && stage ? { restApiId, stage } : undefined;
}

/** Whether API Gateway throttles the keys (AWS) rather than the authorizer's token bucket (local runtime). */
export const gatewayThrottles = (): boolean => gatewayTarget() !== undefined;
