import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_RATE_LIMIT } from '@atende/shared/contracts/api-keys/rate-limit';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { apiKeyKeys } from './store.ts';

/**
 * Per-key throttling of the public API: a token bucket per key (burst, then a steady rate), kept in DynamoDB
 * so every authorizer container shares it. The same limits as an API Gateway usage plan would state.
 */

export interface RateLimit {
  burst: number;
  perSecond: number;
}

const bucket = z.object({ tokens: z.number(), refilled_at: z.number() });

/**
 * Takes one token; answers 0 when the call may go on, else the whole seconds until a token is back (the
 * Retry-After). The write is conditioned on the state read, so concurrent calls never spend one token twice
 * (a lost race reads again, a few times, then counts as throttled).
 */
export async function takeApiKeyToken(
  companyId: string,
  keyId: string,
  limit: RateLimit = API_KEY_RATE_LIMIT,
  now: () => number = Date.now,
): Promise<number> {
  const Key = apiKeyKeys.bucket(companyId, keyId);
  const TableName = config().mainTable;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const { Item } = await clients().document.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    const previous = bucket.safeParse(Item);
    const at = now();
    const tokens = previous.success
      ? Math.min(
          limit.burst,
          previous.data.tokens + ((at - previous.data.refilled_at) / 1000) * limit.perSecond,
        )
      : limit.burst;
    if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));
    try {
      await clients().document.send(
        new PutCommand({
          TableName,
          Item: {
            ...Key,
            entity: 'api_key_bucket',
            tokens: tokens - 1,
            refilled_at: at,
            // Swept once idle long enough to be full again anyway.
            expiresAt: Math.ceil(at / 1000) + 3600,
          },
          ...(previous.success
            ? {
                ConditionExpression: 'refilled_at = :seen',
                ExpressionAttributeValues: { ':seen': previous.data.refilled_at },
              }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        }),
      );
      return 0;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return 1;
}
