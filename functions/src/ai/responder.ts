import type { AssistantReply } from '@atende/shared/contracts/ai/assistant-views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { readContact } from '../contacts/store.ts';
import { publishNewMessage } from '../conversations/events.ts';
import { pickMessageView } from '../conversations/records.ts';
import { appendMessage } from '../conversations/store.ts';
import { type Outbox, perform, sendBotText } from '../flows/runtime/outbox.ts';
import { logger } from '../lib/logger.ts';
import { answerMessage } from './answer.ts';
import { requireAssistant } from './assistants.ts';
import { recentTurns } from './copilot.ts';
import { ModelError } from './model-client.ts';
import { readEndpoint } from './settings.ts';

const actions = ptBR.ai.actions;

/** The pseudo flow id a channel's assistant runs under in the bot session (so turns are deduplicated alike). */
const PREFIX = 'assistant:';
export const assistantFlowId = (assistantId: string) => `${PREFIX}${assistantId}`;
export const assistantOfFlow = (flow: string) =>
  flow.startsWith(PREFIX) ? flow.slice(PREFIX.length) : undefined;

/**
 * What the assistant did, shown to operators in the conversation and never delivered to the customer: the
 * message is stored and published to the team but not sent through the channel.
 */
async function recordAction(box: Outbox, text: string): Promise<void> {
  const stored = await appendMessage(box.conversation, (sequence) => ({
    _id: newObjectId(),
    conversation: box.conversation._id,
    type: 'text',
    content: text,
    sent_by: 'bot',
    channel: box.conversation.channel,
    created_at: new Date().toISOString(),
    read: true,
    flags: ['system', 'ai_action'],
    channel_metadata: { sequence },
    company: box.conversation.company,
    status: 'sent',
    integration: box.conversation.integration,
    direction: 'outbound',
  }));
  if (stored.kind !== 'stored') return;
  box.conversation = stored.conversation;
  await publishNewMessage(box.company, stored.conversation, pickMessageView(stored.message));
}

export interface TurnReply {
  reply: AssistantReply;
  department: string | null;
  /** Why the model could not answer (shown to operators), when it failed. */
  failure?: string;
}

const fallback = (failure: string, department: string | null): TurnReply => ({
  reply: {
    kind: 'handoff',
    text: ptBR.ai.handoffMessage.pt,
    citations: [],
    confidence: null,
    handoff_reason: 'unsupported',
    language: 'pt',
  },
  department,
  failure,
});

/** The assistant's reply to the customer's message; a model failure becomes a handoff, never silence. */
export async function assistantReply(box: Outbox, assistantId: string, text: string): Promise<TurnReply> {
  const companyId = box.conversation.company;
  const assistant = await requireAssistant(companyId, assistantId);
  const department = assistant.handoff.department;
  const endpoint = await readEndpoint(companyId);
  if (!endpoint) return fallback(ptBR.ai.notConfigured, department);
  const [history, contact] = await Promise.all([
    recentTurns(companyId, box.conversation._id),
    readContact(companyId, box.conversation.customer._id),
  ]);
  try {
    const reply = await answerMessage({
      companyId,
      endpoint,
      assistant,
      message: text,
      // The turn's own message is already stored: the history is what came before it.
      history: history.at(-1)?.content === text ? history.slice(0, -1) : history,
      contact: contact
        ? { nome: contact.full_name, telefone: contact.cel_phone ?? '', email: contact.email ?? '' }
        : undefined,
    });
    return { reply, department };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    logger.warn('assistant model failed; handing to the queue', { companyId, failure: error.failure });
    return fallback(error.userMessage, department);
  }
}

const LANGUAGES = ['pt', 'en', 'es'] as const;
const sourceLabel = (language: string) =>
  ptBR.ai.sourceLabel[LANGUAGES.find((known) => known === language) ?? 'pt'];

/**
 * Carries a reply out: the answer (with its sources) or the refusal goes to the customer; a handoff message
 * goes to the customer before the conversation moves to the queue, so it always reaches them.
 */
export async function deliverReply(box: Outbox, { reply, department, failure }: TurnReply): Promise<void> {
  const sources = [...new Set(reply.citations.map((citation) => citation.title))].join('; ');
  if (reply.kind === 'answer') {
    await sendBotText(box, `${reply.text}\n\n${sourceLabel(reply.language)}: ${sources}`);
    await recordAction(box, interpolate(actions.answered, { confidence: reply.confidence ?? 0, sources }));
    return;
  }
  await sendBotText(box, reply.text);
  if (reply.kind === 'refusal') {
    await recordAction(box, actions.refused);
    return;
  }
  await recordAction(
    box,
    failure
      ? interpolate(actions.failed, { detail: failure })
      : interpolate(actions.handoff, { reason: actions.reasons[reply.handoff_reason ?? 'unsupported'] }),
  );
  await perform(box, [{ kind: 'handoff', department, employee: null }]);
}
