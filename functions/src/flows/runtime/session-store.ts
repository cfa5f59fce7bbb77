import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { isConditionFailure } from '../../lib/dynamo/transaction.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { flowKeys } from '../keys.ts';
import { botSession } from './interpreter.ts';

/** How many answered provider message ids a session remembers: redeliveries arrive within a few retries. */
const HANDLED_KEPT = 50;

export const storedSession = botSession.extend({
  company: z.string(),
  conversation: z.string(),
  /** Optimistic lock: each turn writes rev + 1 only over the rev it read. */
  rev: z.number().int().nonnegative(),
  handled: z.array(z.string()),
});
export type StoredSession = z.infer<typeof storedSession>;

export async function readSession(
  companyId: string,
  conversationId: string,
): Promise<StoredSession | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: flowKeys.session(companyId, conversationId),
      ConsistentRead: true,
    }),
  );
  return Item ? storedSession.parse(Item) : undefined;
}

/** Writes the session after a turn; false when another turn wrote it first (the caller retries or gives up). */
export async function writeSession(next: StoredSession, handledId: string | undefined): Promise<boolean> {
  const handled = handledId ? [...next.handled, handledId].slice(-HANDLED_KEPT) : next.handled;
  try {
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: {
          ...flowKeys.session(next.company, next.conversation),
          // Indexed only while a wait node holds the bot, so the resume schedule reads just those.
          ...(next.resume_at ? flowKeys.wait(next.company, next.conversation, next.resume_at) : {}),
          ...next,
          handled,
          rev: next.rev + 1,
        },
        ConditionExpression: next.rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
        ...(next.rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': next.rev } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
