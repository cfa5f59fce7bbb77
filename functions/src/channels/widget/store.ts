import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type WidgetMessage, widgetMessage } from '@atende/shared/contracts/widget/views';
import * as z from 'zod';
import { contactOriginDetail } from '@atende/shared/domain/contact-origin-detail';
import { queryOnePage } from '../../lib/dynamo/query.ts';
import { conditionFailed, transactWrite } from '../../lib/dynamo/transaction.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { readCache } from '../../lib/read-cache.ts';
import { widgetKeys } from './keys.ts';

export const visitorRecord = z.object({
  visitorId: z.string(),
  widgetId: z.string(),
  companyId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  /** The page the visitor started on and its UTM parameters. */
  origin: contactOriginDetail.optional(),
  created_at: z.string(),
});
export type VisitorRecord = z.infer<typeof visitorRecord>;

const table = () => config().mainTable;

export async function putVisitor(visitor: VisitorRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: widgetKeys.visitorPk(visitor.companyId, visitor.widgetId, visitor.visitorId),
        sk: widgetKeys.profile,
        entity: 'widgetVisitor',
        ...visitor,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getVisitor(
  companyId: string,
  widgetId: string,
  visitorId: string,
): Promise<VisitorRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: table(),
      Key: { pk: widgetKeys.visitorPk(companyId, widgetId, visitorId), sk: widgetKeys.profile },
    }),
  );
  const parsed = visitorRecord.safeParse(Item);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A visitor's profile is written once, when the session starts, and never changed or removed: every message
 * of the visitor authenticates against it, so it is kept a minute (only a found one).
 */
const visitors = readCache<VisitorRecord | undefined>(60_000);

export async function getVisitorCached(
  companyId: string,
  widgetId: string,
  visitorId: string,
): Promise<VisitorRecord | undefined> {
  const key = `${companyId}|${widgetId}|${visitorId}`;
  const visitor = await visitors.get(key, () => getVisitor(companyId, widgetId, visitorId));
  if (!visitor) visitors.forget(key);
  return visitor;
}

export interface VisitorRef {
  companyId: string;
  widgetId: string;
  visitorId: string;
}

/**
 * Records a message in the visitor's transcript together with its idempotency marker (`IN#`/`OUT#`). Answers
 * false, writing nothing, when the marker already exists: the same message was recorded before.
 */
export async function recordMessage(
  ref: VisitorRef,
  marker: string,
  message: WidgetMessage,
  at: Date,
): Promise<boolean> {
  const pk = widgetKeys.visitorPk(ref.companyId, ref.widgetId, ref.visitorId);
  try {
    await transactWrite({
      marker: {
        Put: {
          TableName: table(),
          Item: { pk, sk: marker, messageSk: widgetKeys.message(at, message.id) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      message: {
        Put: {
          TableName: table(),
          Item: { pk, sk: widgetKeys.message(at, message.id), entity: 'widgetMessage', ...message },
        },
      },
    });
    return true;
  } catch (error) {
    if (conditionFailed(error, 'marker')) return false;
    throw error;
  }
}

/** The visitor's transcript, newest first; the cursor pages to older messages. */
export async function listMessages(
  ref: VisitorRef,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: WidgetMessage[]; nextCursor: string | null }> {
  const pk = widgetKeys.visitorPk(ref.companyId, ref.widgetId, ref.visitorId);
  const page = await queryOnePage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': widgetKeys.messagePrefix },
      ScanIndexForward: false,
      Limit: limit,
    },
    { companyId: ref.companyId, cursor, partition: pk },
  );
  const items = page.items.flatMap((item) => {
    const parsed = widgetMessage.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return { items, nextCursor: page.nextCursor };
}
