import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { publishSmartTagUpdate } from './events.ts';
import { smartTagKeys } from './keys.ts';
import { refreshMessage, type RefreshMessage } from './queue.ts';
import { runPurge, runRefresh } from './refresh.ts';

/** The queue's maxReceiveCount: the last attempt that fails marks the run as failed. */
const LAST_ATTEMPT = 5;

async function markFailed(message: Extract<RefreshMessage, { kind: 'refresh' }>): Promise<void> {
  const marked = await clients()
    .document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: smartTagKeys.definition(message.companyId, message.smartTagId),
        UpdateExpression: 'SET #status = :failed',
        ConditionExpression: '#run = :run',
        ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
        ExpressionAttributeValues: { ':failed': 'failed', ':run': message.run },
      }),
    )
    .then(
      () => true,
      () => false,
    );
  if (marked)
    await publishSmartTagUpdate(message.companyId, {
      smart_tag: message.smartTagId,
      action: 'status',
      status: 'failed',
    });
}

/** The smart-tag-refresh queue's consumer (batch size 1: one run per invocation). */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  for (const record of event.Records) {
    let message: RefreshMessage;
    try {
      message = refreshMessage.parse(JSON.parse(record.body));
    } catch {
      logger.error('smart tag refresh message rejected', { messageId: record.messageId });
      continue;
    }
    try {
      if (message.kind === 'purge') await runPurge(message.companyId, message.smartTagId);
      else
        await runRefresh(message, {
          remainingMs: () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY,
        });
    } catch (error) {
      logger.warn('smart tag refresh interrupted; it resumes from its checkpoint on redelivery', {
        ...message,
        error: error instanceof Error ? error.message : String(error),
      });
      if (message.kind === 'refresh' && Number(record.attributes.ApproximateReceiveCount) >= LAST_ATTEMPT)
        await markFailed(message);
      failures.push(record.messageId);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
