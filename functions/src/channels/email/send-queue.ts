import { randomUUID } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../../lib/config.ts';
import { sqsClient } from '../../lib/sqs-client.ts';
import {
  EMAIL_SEND_QUEUE_ID,
  type EmailSendCommand,
  emailSendCommand,
  emailSendGroupOf,
} from './send-command.ts';

/**
 * Queues an e-mail. The deduplication id is fresh per call (an SDK retry of this call reuses it); a
 * redelivered command is harmless because the consumer sends only a message still pending.
 */
export async function queueEmail(command: EmailSendCommand): Promise<void> {
  const parsed = emailSendCommand.parse(command);
  const queueUrl = config().queueUrls[EMAIL_SEND_QUEUE_ID];
  if (!queueUrl) throw new Error(`the ${EMAIL_SEND_QUEUE_ID} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(parsed),
      MessageGroupId: emailSendGroupOf(parsed),
      MessageDeduplicationId: randomUUID(),
    }),
  );
}
