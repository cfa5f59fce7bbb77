import type { BotAssistant } from '../flows/bot.ts';
import type { BotOutput } from '../flows/runtime/interpreter.ts';
import { assistantReply, assistantStep, replyOutputs } from './assistant-step.ts';

/**
 * The AI assistant's hands in a bot turn answering a customer message, handed to the bot by the inbound path
 * (conversations/engine.ts): a flow's ai_assistant node, and a channel's assistant replying. A channel
 * responder's handoff message goes to the customer before the conversation moves to the queue, so it always
 * reaches them.
 */
export const botAssistant: BotAssistant = {
  step: assistantStep,
  answer: async (companyId, assistantId, text, conversation, messageId) => {
    const turn = await assistantReply(companyId, assistantId, text, conversation, messageId);
    return [
      ...replyOutputs(turn),
      ...(turn.reply.kind === 'handoff'
        ? [{ kind: 'handoff', department: turn.department, employee: null } satisfies BotOutput]
        : []),
    ];
  },
};
