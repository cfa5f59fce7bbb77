import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import type { EvaluationGrade } from '@atende/shared/rules/evaluation';
import * as z from 'zod';
import { readSettings } from '../company/settings-reader.ts';
import { readCompanyItem } from '../company/store.ts';
import { sendBotText } from '../flows/runtime/outbox.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { getItem } from '../lib/dynamo/get-item.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { findIntegration } from './integrations.ts';
import { getConversation } from './store.ts';
import { conversationEntity } from './entities.ts';

/**
 * The service evaluation (spec point 3, chat settings): closing a conversation someone served asks the
 * customer for a 1–5 grade; the customer's next message, within the expiry, answers it.
 *
 * - pending question: pk C#<cid>#EVALUATION#<customerId> sk PENDING (one per customer: the latest close asks)
 */
const pendingKey = (companyId: string, customerId: string) => ({
  pk: `C#${companyId}#EVALUATION#${customerId}`,
  sk: 'PENDING',
});

const pendingRecord = z.object({
  conversation: z.string(),
  integration: z.string(),
  expires_at: z.string(),
});
export type PendingEvaluation = z.infer<typeof pendingRecord>;

const table = () => config().mainTable;

/**
 * Asks the customer of a conversation an employee closed, when the company has the evaluation on. The
 * question goes out in the closed conversation (its thread shows it) and the pending item waits for the grade.
 */
export async function askForEvaluation(
  companyId: string,
  closed: Pick<ConversationView, '_id'>,
  now = new Date(),
): Promise<boolean> {
  const company = await readCompanyItem(companyId);
  const settings = readSettings(company).serviceEvaluation;
  if (!settings.enabled) return false;
  const conversation = await getConversation(companyId, closed._id);
  if (!conversation || conversation.status !== 'closed') return false;
  const integration = findIntegration(company, conversation.channel, conversation.integration);
  if (!integration) return false;
  const expires = new Date(now.getTime() + settings.expiryMinutes * 60_000);
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...pendingKey(companyId, conversation.customer._id),
        conversation: conversation._id,
        integration: conversation.integration,
        expires_at: expires.toISOString(),
        // DynamoDB's TTL sweeps the unanswered ones.
        expiresAt: Math.ceil(expires.getTime() / 1000),
      },
    }),
  );
  const text = settings.message.trim() || flowRuntimePtBR.evaluation;
  await sendBotText({ company, integration, conversation }, text, undefined, ['system', 'evaluation']);
  return true;
}

/** The customer's question waiting for a grade through this channel, if it has not expired. */
export async function pendingEvaluation(
  companyId: string,
  customerId: string,
  integrationId: string,
  now: Date,
): Promise<PendingEvaluation | undefined> {
  const pending = pendingRecord.safeParse(await getItem(pendingKey(companyId, customerId)));
  if (!pending.success || pending.data.integration !== integrationId) return undefined;
  return pending.data.expires_at > now.toISOString() ? pending.data : undefined;
}

/**
 * Takes the pending question out, once: of two deliveries of answers only one records a grade. `forConversation`
 * guards against a newer close having replaced it meanwhile.
 */
export async function claimEvaluation(
  companyId: string,
  customerId: string,
  forConversation: string,
): Promise<boolean> {
  try {
    await clients().document.send(
      new DeleteCommand({
        TableName: table(),
        Key: pendingKey(companyId, customerId),
        ConditionExpression: 'conversation = :conversation',
        ExpressionAttributeValues: { ':conversation': forConversation },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Stores the grade on the closed conversation, for the reports. */
export async function recordGrade(
  companyId: string,
  conversationId: string,
  grade: EvaluationGrade,
  at: string,
): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: conversationEntity.key(companyId, conversationId),
      UpdateExpression: 'SET evaluation = :evaluation',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':evaluation': { grade, answered_at: at } },
    }),
  );
}

/** The flow the company runs after this grade, if any. */
export const flowForGrade = (company: Parameters<typeof readSettings>[0], grade: EvaluationGrade) =>
  readSettings(company).serviceEvaluation.flowByGrade[String(grade) as `${EvaluationGrade}`];
