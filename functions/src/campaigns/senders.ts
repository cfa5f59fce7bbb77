import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_MESSAGES_PER_SECOND,
  DEFAULT_TIER,
  messagingTier,
  qualityRating,
  type SenderView,
} from '@atende/shared/contracts/campaigns/sender-routes';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { campaignKeys } from './keys.ts';

const table = () => config().mainTable;

const senderRecord = z.object({
  messages_per_second: z.number().int().default(DEFAULT_MESSAGES_PER_SECOND),
  tier: messagingTier.default(DEFAULT_TIER),
  quality: qualityRating.default('UNKNOWN'),
  updated_at: z.string().nullable().default(null),
});
export type SenderLimits = z.infer<typeof senderRecord>;

/** The number's governor limits: what an admin set or Meta's webhooks reported, else the defaults. */
export async function readSender(companyId: string, integrationId: string): Promise<SenderLimits> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: campaignKeys.sender(companyId, integrationId) }),
  );
  return senderRecord.parse(Item ?? {});
}

/** Sets some of the number's limits (an admin's edit, a quality or tier webhook), leaving the others. */
export async function updateSender(
  companyId: string,
  integrationId: string,
  values: Partial<Omit<SenderLimits, 'updated_at'>>,
  now = new Date(),
): Promise<SenderLimits> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: campaignKeys.sender(companyId, integrationId),
      UpdateExpression: `SET ${[...entries.map(([key]) => `#${key} = :${key}`), 'updated_at = :now', 'entity = :entity'].join(', ')}`,
      ...(entries.length
        ? { ExpressionAttributeNames: Object.fromEntries(entries.map(([key]) => [`#${key}`, key])) }
        : {}),
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([key, value]) => [`:${key}`, value])),
        ':now': now.toISOString(),
        ':entity': 'campaign-sender',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return senderRecord.parse(Attributes ?? {});
}

export const toSenderView = (integrationId: string, sender: SenderLimits, reached: number): SenderView => ({
  integration: integrationId,
  ...sender,
  reached_24h: reached,
});
