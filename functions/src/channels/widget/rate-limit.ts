import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { widgetPtBR } from '@atende/shared/i18n/pt-BR';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { widgetKeys } from './keys.ts';

/**
 * Limits of the public widget routes, in fixed windows counted in DynamoDB (the routes run in many Lambda
 * containers, so memory counters would not hold):
 * - sessions: 10 new visitors per client address per widget in 10 minutes — a page reload keeps its
 *   session, so only scripted visitor creation reaches it;
 * - messages: 30 per visitor per minute (a fast typist sends well under one a second) and 120 per client
 *   address per minute (an office behind one NAT with several visitors).
 */
export const WIDGET_LIMITS = {
  sessionsPerAddress: { limit: 10, windowSeconds: 600 },
  messagesPerVisitor: { limit: 30, windowSeconds: 60 },
  messagesPerAddress: { limit: 120, windowSeconds: 60 },
} as const;

export type WidgetLimit = keyof typeof WIDGET_LIMITS;

/** Counts one request; above the limit answers 429 with the seconds left in the window. */
export async function consume(
  companyId: string,
  widgetId: string,
  kind: WidgetLimit,
  subject: string,
  now = new Date(),
): Promise<void> {
  const { limit, windowSeconds } = WIDGET_LIMITS[kind];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: { pk: widgetKeys.rate(companyId, widgetId, kind, subject), sk: String(windowStart) },
      UpdateExpression: 'ADD #count :one SET expiresAt = :end',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':end': windowEnd },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(Attributes?.count ?? 0) > limit) {
    throw new TooManyRequests(widgetPtBR.tooManyRequests, Math.max(1, windowEnd - nowSeconds));
  }
}
