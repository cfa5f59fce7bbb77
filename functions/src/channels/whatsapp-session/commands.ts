import { randomUUID } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { sqsClient } from '../../lib/sqs-client.ts';
import { config } from '../../lib/config.ts';

export const SESSION_COMMANDS_QUEUE_ID = 'whatsapp-session-commands';

const target = { companyId: objectId, integrationId: objectId };

/** What the API and the channel sender ask of the session worker, through its queue. */
export const sessionCommand = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('connect'), ...target }),
  z.object({ kind: z.literal('logout'), ...target }),
  z.object({
    kind: z.literal('send'),
    ...target,
    /** Chosen by the sender so the message is known by it before WhatsApp acknowledges it. */
    messageId: z.string().min(1).max(64),
    to: z.string().regex(/^\d{6,20}$/),
    text: z.string().optional(),
    /** A stored file (media bucket key): the worker reads it and uploads it to WhatsApp. */
    media: z
      .object({
        kind: z.enum(['image', 'audio', 'video', 'doc']),
        file_path: z.string().min(1),
        file_name: z.string().min(1),
      })
      .optional(),
  }),
]);
export type SessionCommand = z.infer<typeof sessionCommand>;

/**
 * Queues a command. One FIFO group per integration keeps its commands (and its sends) in order; a send is
 * deduplicated by its message id, so a retried enqueue does not send twice.
 */
export async function sendSessionCommand(command: SessionCommand): Promise<void> {
  const parsed = sessionCommand.parse(command);
  const queueUrl = config().queueUrls[SESSION_COMMANDS_QUEUE_ID];
  if (!queueUrl) throw new Error(`the ${SESSION_COMMANDS_QUEUE_ID} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(parsed),
      MessageGroupId: `${parsed.companyId}:${parsed.integrationId}`,
      MessageDeduplicationId: parsed.kind === 'send' ? `send:${parsed.messageId}` : randomUUID(),
    }),
  );
}
