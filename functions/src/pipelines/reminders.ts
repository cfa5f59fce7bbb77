import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryPages } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { logger } from '../lib/logger.ts';
import { publishToEmployee } from '../realtime/publish.ts';
import { readActivity } from './activity-store.ts';
import { activityKeys, REMINDERS_INDEX } from './keys.ts';

const table = () => config().mainTable;

/** Reminder items whose time has come, from the index on reminder time (every company's, earliest first). */
async function dueReminders(now: Date): Promise<{ companyId: string; id: string }[]> {
  const found: { companyId: string; id: string }[] = [];
  const pages = queryPages({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
    ExpressionAttributeValues: { ':pk': REMINDERS_INDEX, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'company, activity',
  });
  for await (const page of pages) {
    for (const item of page.items) {
      if (typeof item.company === 'string' && typeof item.activity === 'string')
        found.push({ companyId: item.company, id: item.activity });
    }
  }
  return found;
}

/**
 * Claims a reminder by deleting its item: of two overlapping runs only one deletes it, so each reminder goes
 * out once. The activity then records when it was reminded.
 */
async function claim(companyId: string, id: string, at: string): Promise<boolean> {
  try {
    await clients().document.send(
      new DeleteCommand({
        TableName: table(),
        Key: activityKeys.reminder(companyId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await clients()
    .document.send(
      new UpdateCommand({
        TableName: table(),
        Key: activityKeys.activity(companyId, id),
        UpdateExpression: 'SET reminded_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  return true;
}

/**
 * The reminders schedule (every minute): each open activity due within REMINDER_LEAD_MINUTES gets one in-app
 * notice on its assignee's open screens (the activity-reminder frame, shown as a notification with the
 * new-call alert sound).
 */
export async function sendDueReminders(now = new Date()): Promise<{ sent: number }> {
  let sent = 0;
  for (const { companyId, id } of await dueReminders(now)) {
    const activity = await readActivity(companyId, id);
    if (!(await claim(companyId, id, now.toISOString()))) continue;
    if (!activity || activity.status !== 'open') continue;
    await publishToEmployee(companyId, activity.assignee, 'activity-reminder', {
      activity: activity._id,
      title: activity.title,
      due_at: activity.due_at,
      type: activity.type,
    }).catch((error: unknown) =>
      logger.warn('activity-reminder not delivered', {
        companyId,
        activity: id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    sent += 1;
  }
  if (sent > 0) logger.info('activity reminders sent', { sent });
  return { sent };
}

export const handler = async (): Promise<{ sent: number }> => sendDueReminders();
