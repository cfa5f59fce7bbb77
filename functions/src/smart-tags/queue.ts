import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const SMART_TAG_REFRESH_QUEUE = 'smart-tag-refresh';

/** A run to carry on (refresh), or the member items of a removed smart tag to clear (purge). */
export const refreshMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('refresh'),
    companyId: z.string().min(1),
    smartTagId: z.string().min(1),
    run: z.string(),
  }),
  z.object({ kind: z.literal('purge'), companyId: z.string().min(1), smartTagId: z.string().min(1) }),
]);
export type RefreshMessage = z.infer<typeof refreshMessage>;

export async function enqueueRefresh(message: RefreshMessage): Promise<void> {
  const queueUrl = config().queueUrls[SMART_TAG_REFRESH_QUEUE];
  if (!queueUrl) throw new Error(`the ${SMART_TAG_REFRESH_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }),
  );
}
