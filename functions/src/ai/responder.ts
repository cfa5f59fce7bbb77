import { type Outbox, perform } from '../flows/runtime/outbox.ts';
import { replyOutputs, type TurnReply } from './assistant-step.ts';

/** The pseudo flow id a channel's assistant runs under in the bot session (so turns are deduplicated alike). */
const PREFIX = 'assistant:';
export const assistantFlowId = (assistantId: string) => `${PREFIX}${assistantId}`;
export const assistantOfFlow = (flow: string) =>
  flow.startsWith(PREFIX) ? flow.slice(PREFIX.length) : undefined;

/**
 * Carries a channel responder's reply out; a handoff message goes to the customer before the conversation
 * moves to the queue, so it always reaches them.
 */
export async function deliverReply(box: Outbox, turn: TurnReply): Promise<void> {
  await perform(box, [
    ...replyOutputs(turn),
    ...(turn.reply.kind === 'handoff'
      ? [{ kind: 'handoff' as const, department: turn.department, employee: null }]
      : []),
  ]);
}
