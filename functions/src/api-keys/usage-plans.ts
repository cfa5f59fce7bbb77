import {
  CreateApiKeyCommand,
  CreateUsagePlanCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanCommand,
  NotFoundException,
  UpdateUsagePlanCommand,
} from '@aws-sdk/client-api-gateway';
import { API_KEY_RATE_LIMIT } from '@atende/shared/contracts/api-keys/rate-limit';
import { apiGatewayClient } from '../lib/api-gateway-client.ts';
import { logger } from '../lib/logger.ts';
import { gatewayTarget as target, type GatewayTarget as Target } from './gateway-target.ts';

/**
 * Per-key throttling on AWS: each public-API key is also an API Gateway API key (same value: integrators send it
 * in `x-api-key`, API Gateway's own header, and the apiKey routes require one) in a usage plan of its own on the
 * REST API's stage, throttled like the authorizer's token bucket (burst 60, 10 per second). Above it API
 * Gateway answers 429 before any Lambda runs. The local runtime has no API Gateway: unset REST_API_ID leaves
 * the token bucket alone.
 */
export interface GatewayKey {
  api_key_id: string;
  usage_plan_id: string;
}

const nameOf = (companyId: string, keyId: string) => `atende-${companyId}-${keyId}`;

async function deletePlan(usagePlanId: string, stage: Target): Promise<void> {
  // API Gateway deletes no plan still bound to a stage.
  await apiGatewayClient().send(
    new UpdateUsagePlanCommand({
      usagePlanId,
      patchOperations: [{ op: 'remove', path: '/apiStages', value: `${stage.restApiId}:${stage.stage}` }],
    }),
  );
  await apiGatewayClient().send(new DeleteUsagePlanCommand({ usagePlanId }));
}

const ignoreGone = (error: unknown) => {
  if (!(error instanceof NotFoundException)) throw error;
};

/**
 * Creates the key's API Gateway key and usage plan; undefined on the local runtime. A failure part-way
 * removes what was created, so a key refused here leaves nothing behind in API Gateway.
 */
export async function provisionGatewayKey(
  companyId: string,
  keyId: string,
  value: string,
): Promise<GatewayKey | undefined> {
  const stage = target();
  if (!stage) return undefined;
  const name = nameOf(companyId, keyId);
  const created: Partial<GatewayKey> = {};
  try {
    const key = await apiGatewayClient().send(
      new CreateApiKeyCommand({ name, value, enabled: true, description: `company ${companyId}` }),
    );
    if (!key.id) throw new Error('API Gateway answered no API key id');
    created.api_key_id = key.id;
    const plan = await apiGatewayClient().send(
      new CreateUsagePlanCommand({
        name,
        description: `public API key ${keyId} of company ${companyId}`,
        throttle: { burstLimit: API_KEY_RATE_LIMIT.burst, rateLimit: API_KEY_RATE_LIMIT.perSecond },
        apiStages: [{ apiId: stage.restApiId, stage: stage.stage }],
      }),
    );
    if (!plan.id) throw new Error('API Gateway answered no usage plan id');
    created.usage_plan_id = plan.id;
    await apiGatewayClient().send(
      new CreateUsagePlanKeyCommand({ usagePlanId: plan.id, keyId: key.id, keyType: 'API_KEY' }),
    );
    return { api_key_id: key.id, usage_plan_id: plan.id };
  } catch (error) {
    await removeGatewayKey(created).catch((cleanup: unknown) =>
      logger.error('api gateway key left behind', {
        companyId,
        keyId,
        created,
        error: cleanup instanceof Error ? cleanup.message : String(cleanup),
      }),
    );
    throw error;
  }
}

/** Removes the key's usage plan and API Gateway key (already gone counts as removed). */
export async function removeGatewayKey(gateway: Partial<GatewayKey> | undefined): Promise<void> {
  const stage = target();
  if (!stage || !gateway) return;
  if (gateway.usage_plan_id) await deletePlan(gateway.usage_plan_id, stage).catch(ignoreGone);
  if (gateway.api_key_id) {
    await apiGatewayClient()
      .send(new DeleteApiKeyCommand({ apiKey: gateway.api_key_id }))
      .catch(ignoreGone);
  }
}
