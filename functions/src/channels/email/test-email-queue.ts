import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { EMAIL_QUEUE_URL, sqs } from '../../webhooks/test-webhooks.ts';
import { handler } from './send-consumer.ts';
import { type EmailSendCommand, emailSendCommand } from './send-command.ts';

const drained = new WeakSet<object>();
let received = 0;

/** The e-mail commands queued (on the webhook tests' SQS mock) since the last drain, oldest first. */
function undrained(): Array<{ body: string; group: string | undefined }> {
  return sqs
    .commandCalls(SendMessageCommand)
    .filter((call) => call.args[0].input.QueueUrl === EMAIL_QUEUE_URL && !drained.has(call))
    .map((call) => {
      drained.add(call);
      return { body: call.args[0].input.MessageBody ?? '', group: call.args[0].input.MessageGroupId };
    });
}

/** What was queued for the e-mail consumer since the last drain, without sending it. */
export const queuedEmails = (): EmailSendCommand[] =>
  sqs
    .commandCalls(SendMessageCommand)
    .filter((call) => call.args[0].input.QueueUrl === EMAIL_QUEUE_URL && !drained.has(call))
    .map((call) => emailSendCommand.parse(JSON.parse(call.args[0].input.MessageBody ?? '')));

const recordOf = (body: string, group: string | undefined, receiveCount: number): SQSRecord => {
  received += 1;
  return {
    messageId: `email-${received}`,
    receiptHandle: `r-email-${received}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
      ...(group ? { MessageGroupId: group } : {}),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:email-send.fifo',
    awsRegion: 'us-east-1',
  };
};

/**
 * Test support: runs the e-mail consumer on everything queued for it since the last drain, as one batch
 * delivered `receiveCount` times (5, the queue's maxReceiveCount, makes it the last attempt). Answers the
 * consumer's partial batch failures.
 */
export async function drainEmailQueue(receiveCount = 1): Promise<SQSBatchResponse> {
  const pending = undrained();
  return handler({ Records: pending.map(({ body, group }) => recordOf(body, group, receiveCount)) });
}

/** Runs the consumer again on already drained commands (a redelivery). */
export const redeliverEmails = (commands: EmailSendCommand[], receiveCount = 2) =>
  handler({
    Records: commands.map((command) =>
      recordOf(JSON.stringify(command), `redelivery:${command.kind}`, receiveCount),
    ),
  });
