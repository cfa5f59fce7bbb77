import type { AssistantReply } from '@atende/shared/contracts/ai/assistant-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import type { ConversationRecord } from '../conversations/records.ts';
import type { BotOutput } from '../flows/runtime/interpreter.ts';
import { NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { answerMessage } from './answer.ts';
import { requireAssistant } from './assistants.ts';
import { recentTurns } from './history.ts';
import { recordTurn } from './turn-record.ts';
import { ModelError } from './model-client.ts';
import type { TurnRef } from './skill-claims.ts';
import { readEndpoint } from './settings.ts';

/*
 * An assistant's turn as texts and operator notes, apart from delivering them (responder.ts), so the flow
 * simulator can run it without reaching the conversation outbox.
 */
const actions = aiMessagesPtBR.actions;

export interface TurnReply {
  reply: AssistantReply;
  department: string | null;
  /** Why the model could not answer (shown to operators), when it failed. */
  failure?: string;
}

const fallback = (failure: string, department: string | null): TurnReply => ({
  reply: {
    kind: 'handoff',
    text: aiMessagesPtBR.handoffMessage.pt,
    citations: [],
    confidence: null,
    handoff_reason: 'unsupported',
    language: 'pt',
    actions: [],
  },
  department,
  failure,
});

/**
 * An assistant's reply to one customer message; a model failure (or an assistant deleted since the flow was
 * published) becomes a handoff, never silence. Without a conversation (the flow simulator) it answers with no
 * history and no contact. With the customer message's id, its skills' side effects run once per message and
 * the turn is counted (precision) and, unanswered, recorded as a demand.
 */
export async function assistantReply(
  companyId: string,
  assistantId: string,
  text: string,
  conversation?: ConversationRecord,
  messageId?: string,
): Promise<TurnReply> {
  const turn = conversation && messageId ? { conversationId: conversation._id, messageId } : undefined;
  const result = await replyTo(companyId, assistantId, text, conversation, turn);
  if (turn)
    await recordTurn(companyId, {
      assistant: assistantId,
      turn,
      question: text,
      reply: result.reply,
      failed: result.failure !== undefined,
    });
  return result;
}

async function replyTo(
  companyId: string,
  assistantId: string,
  text: string,
  conversation: ConversationRecord | undefined,
  turn: TurnRef | undefined,
): Promise<TurnReply> {
  const assistant = await requireAssistant(companyId, assistantId).catch((error: unknown) => {
    if (error instanceof NotFound) return undefined;
    throw error;
  });
  if (!assistant) return fallback(aiMessagesPtBR.assistantNotFound, null);
  const department = assistant.handoff.department;
  const endpoint = await readEndpoint(companyId);
  if (!endpoint) return fallback(aiMessagesPtBR.notConfigured, department);
  const history = conversation ? await recentTurns(companyId, conversation._id) : [];
  try {
    const reply = await answerMessage({
      companyId,
      endpoint,
      assistant,
      message: text,
      // The turn's own message is already stored: the history is what came before it.
      history: history.at(-1)?.content === text ? history.slice(0, -1) : history,
      skills: { companyId, contactId: conversation?.customer._id, conversationId: conversation?._id, turn },
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
  aiMessagesPtBR.sourceLabel[LANGUAGES.find((known) => known === language) ?? 'pt'];

/**
 * What a reply shows: the answer (with its sources) or the refusal or the handoff message for the customer,
 * then a note for operators saying what the assistant did. The handoff itself is the caller's (the channel's
 * responder moves to the queue; a flow's ai_assistant node leaves through its `transfer` output).
 */
export function replyOutputs(turn: TurnReply): BotOutput[] {
  return [...turn.reply.actions.map((text): BotOutput => ({ kind: 'note', text })), ...outcomeOutputs(turn)];
}

function outcomeOutputs({ reply, failure }: TurnReply): BotOutput[] {
  const sources = [...new Set(reply.citations.map((citation) => citation.title))].join('; ');
  if (reply.kind === 'answer') {
    const confidence = reply.confidence ?? 0;
    // An answer from a skill's result cites no knowledge: no sources line then.
    return sources
      ? [
          { kind: 'text', text: `${reply.text}\n\n${sourceLabel(reply.language)}: ${sources}` },
          { kind: 'note', text: interpolate(actions.answered, { confidence, sources }) },
        ]
      : [
          { kind: 'text', text: reply.text },
          { kind: 'note', text: interpolate(actions.answeredWithSkills, { confidence }) },
        ];
  }
  if (reply.kind === 'refusal')
    return [
      { kind: 'text', text: reply.text },
      { kind: 'note', text: actions.refused },
    ];
  return [
    { kind: 'text', text: reply.text },
    {
      kind: 'note',
      text: failure
        ? interpolate(actions.failed, { detail: failure })
        : interpolate(actions.handoff, { reason: actions.reasons[reply.handoff_reason ?? 'unsupported'] }),
    },
  ];
}

/** The ai_assistant flow node's hands: one customer message to the assistant, as the interpreter's outputs. */
export async function assistantStep(
  companyId: string,
  assistantId: string,
  text: string,
  conversation?: ConversationRecord,
  messageId?: string,
): Promise<{ handoff: boolean; outputs: BotOutput[] }> {
  const turn = await assistantReply(companyId, assistantId, text, conversation, messageId);
  return { handoff: turn.reply.kind === 'handoff', outputs: replyOutputs(turn) };
}
