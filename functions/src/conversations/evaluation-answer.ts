import type { InboundMessage } from '@atende/shared/channels/inbound';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { gradeOf } from '@atende/shared/rules/evaluation';
import type { CompanyItem } from '../company/store.ts';
import type { CustomerRecord } from '../contacts/customer-record.ts';
import { startFlow } from '../flows/bot.ts';
import { sendBotText } from '../flows/runtime/outbox.ts';
import { inboundMessageRecord, newConversation } from './arrivals.ts';
import { claimEvaluation, flowForGrade, pendingEvaluation, recordGrade } from './evaluation.ts';
import { publishNewMessage } from './events.ts';
import type { IntegrationInfo } from './integrations.ts';
import { protocolDay, timezoneOf } from './queue-rules.ts';
import { pickMessageView } from './records.ts';
import { appendMessage, createConversation, getConversation, nextProtocol } from './store.ts';

/** The flow configured for a grade runs in a new conversation with the bot. */
async function runGradeFlow(
  company: CompanyItem,
  integration: IntegrationInfo,
  event: InboundMessage,
  customer: CustomerRecord,
  flowId: string,
  now: Date,
): Promise<void> {
  const protocol = await nextProtocol(event.companyId, protocolDay(now, timezoneOf(company)));
  const record = newConversation(company, event, customer, protocol, 'bot', now.toISOString());
  if (!(await createConversation(record))) return;
  await startFlow({ company, integration, conversation: record }, undefined, flowId, undefined);
}

/**
 * A customer's message while their service evaluation waits: a grade is stored in the closed conversation
 * (with the message itself, whose provider id claims it, so a redelivery stores nothing twice), thanked, and
 * the grade's flow runs. Anything else lets the question lapse, and the message opens a conversation as usual
 * (undefined).
 */
export async function answerEvaluation(
  company: CompanyItem,
  integration: IntegrationInfo,
  event: InboundMessage,
  customer: CustomerRecord,
  now: Date,
): Promise<'stored' | 'duplicate' | undefined> {
  const pending = await pendingEvaluation(event.companyId, customer._id, event.integrationId, now);
  if (!pending) return undefined;
  const grade = event.media ? undefined : gradeOf(event.text);
  if (!grade) {
    await claimEvaluation(event.companyId, customer._id, pending.conversation);
    return undefined;
  }
  const closed = await getConversation(event.companyId, pending.conversation);
  if (!closed) return undefined;
  const stored = await appendMessage(
    closed,
    inboundMessageRecord(event, closed, customer, now.toISOString()),
    {
      providerMessageId: event.providerMessageId,
    },
  );
  if (stored.kind !== 'stored') return 'duplicate';
  await publishNewMessage(company, stored.conversation, pickMessageView(stored.message));
  if (!(await claimEvaluation(event.companyId, customer._id, pending.conversation))) return 'stored';
  await recordGrade(event.companyId, closed._id, grade, now.toISOString());
  await sendBotText(
    { company, integration, conversation: stored.conversation },
    flowRuntimePtBR.evaluationThanks,
    undefined,
    ['system', 'evaluation'],
  );
  const flow = flowForGrade(company, grade);
  if (flow) await runGradeFlow(company, integration, event, customer, flow, now);
  return 'stored';
}
