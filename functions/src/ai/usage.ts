import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { aiKeys } from './keys.ts';

/** What a model call was for, so a company sees its token spend per feature. */
export type AiFeature = 'test' | 'ingest' | 'assistant' | 'copilot' | 'search' | 'evaluation';

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

const month = (at: Date) => at.toISOString().slice(0, 7);

/** Adds one call's tokens to the company's monthly counter for the feature (atomic ADD, no read). */
export async function recordUsage(companyId: string, feature: AiFeature, usage: TokenUsage): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: aiKeys.usage(companyId, month(new Date()), feature),
      UpdateExpression:
        'ADD calls :one, prompt_tokens :prompt, completion_tokens :completion SET feature = :feature',
      ExpressionAttributeValues: {
        ':one': 1,
        ':prompt': usage.prompt_tokens,
        ':completion': usage.completion_tokens,
        ':feature': feature,
      },
    }),
  );
}

const usageItem = z.object({
  feature: z.string(),
  calls: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
});

export async function monthUsage(companyId: string, at = new Date()) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :month)',
    ExpressionAttributeValues: { ':pk': aiKeys.usagePartition(companyId), ':month': `${month(at)}#` },
  });
  return items.map((item) => usageItem.parse(item));
}
