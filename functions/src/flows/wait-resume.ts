import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readCompanyItem } from '../company/store.ts';
import { findIntegration } from '../conversations/integrations.ts';
import { getConversation } from '../conversations/store.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { logger } from '../lib/logger.ts';
import { runBotTurn } from './bot.ts';
import { flowKeys, WAITS_INDEX } from './keys.ts';
import { readSession, type StoredSession } from './runtime/session-store.ts';

interface DueWait {
  companyId: string;
  conversationId: string;
}

/** Sessions paused on a wait node whose time has come, every company's, earliest first. */
async function dueWaits(now: Date): Promise<DueWait[]> {
  const items = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
    ExpressionAttributeValues: { ':pk': WAITS_INDEX, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'company, conversation',
  });
  return items.flatMap((item) =>
    typeof item.company === 'string' && typeof item.conversation === 'string'
      ? [{ companyId: item.company, conversationId: item.conversation }]
      : [],
  );
}

/**
 * Takes a session the bot no longer drives (an operator took the conversation, it closed) out of the index,
 * so later runs stop reading it; only over the revision read, so a turn that moved it meanwhile wins.
 */
async function forget(session: StoredSession): Promise<void> {
  await clients()
    .document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: flowKeys.session(session.company, session.conversation),
        UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': session.rev },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Runs one bot turn without a customer message for a session whose wait is over. The session is read again
 * first (the index is eventually consistent, and a turn may have moved it since); two overlapping runs race on
 * the session's revision, and only the one that writes it sends anything.
 */
async function resume({ companyId, conversationId }: DueWait, now: Date): Promise<boolean> {
  const session = await readSession(companyId, conversationId);
  if (!session?.resume_at || session.done || session.resume_at > now.toISOString()) return false;
  const conversation = await getConversation(companyId, conversationId);
  if (!conversation || conversation.status !== 'bot') {
    await forget(session);
    return false;
  }
  const company = await readCompanyItem(companyId);
  const integration = findIntegration(company, conversation.channel, conversation.integration);
  if (!integration) return false;
  await runBotTurn({ companyId, company, integration, conversationId });
  return true;
}

/** The wait-resume schedule (every minute): each flow paused on a wait node goes on once its minutes pass. */
export async function resumeDueWaits(now = new Date()): Promise<{ resumed: number }> {
  let resumed = 0;
  for (const due of await dueWaits(now)) {
    try {
      if (await resume(due, now)) resumed += 1;
    } catch (error) {
      // One conversation's failure (a lost race, a removed channel) must not hold the others back.
      logger.warn('flow wait not resumed', {
        companyId: due.companyId,
        conversationId: due.conversationId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { resumed };
}

export const handler = async (): Promise<{ resumed: number }> => resumeDueWaits();
