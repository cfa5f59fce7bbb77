import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { publishSmartTagUpdate } from './events.ts';
import { smartTagKeys } from './keys.ts';
import { refreshMessage, type RefreshMessage, SMART_TAG_REFRESH_QUEUE } from './queue.ts';
import { runPurge, runRefresh } from './refresh.ts';

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

/**
 * The smart-tag-refresh queue's consumer (batch size 1: one run per invocation). An interrupted run resumes
 * from its checkpoint on redelivery; a run failing its last attempt is marked failed.
 */
export const handler = sqsConsumer({
  queueId: SMART_TAG_REFRESH_QUEUE,
  schema: refreshMessage,
  companyOf: (message) => message.companyId,
  process: async (message, _record, context) => {
    if (message.kind === 'purge') await runPurge(message.companyId, message.smartTagId);
    else
      await runRefresh(message, {
        remainingMs: () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY,
      });
  },
  onLastAttempt: async (message) => {
    if (message.kind === 'refresh') await markFailed(message);
  },
});
