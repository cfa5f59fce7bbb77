import type { AssistantReply } from '@atende/shared/contracts/ai/assistant-views';
import { UNANSWERED_REASONS } from '@atende/shared/contracts/ai/unanswered-reasons';
import { readCompanyItemCached } from '../company/store.ts';
import { localClock, timezoneOf } from '../conversations/queue-rules.ts';
import { logger } from '../lib/logger.ts';
import { claimTurnRecord, countTurn, outcomeOf, recordDemand } from './insights-store.ts';
import type { TurnRef } from './skill-claims.ts';

const isUnansweredReason = (reason: string | null): reason is (typeof UNANSWERED_REASONS)[number] =>
  (UNANSWERED_REASONS as readonly string[]).includes(reason ?? '');

/**
 * Counts one assistant turn of a real conversation (once per customer message) and, when the assistant could
 * not answer from its knowledge, records the question on its topic's demand. Never fails the turn: the
 * customer's reply matters more than the report.
 */
export async function recordTurn(
  companyId: string,
  input: { assistant: string; turn: TurnRef; question: string; reply: AssistantReply; failed: boolean },
): Promise<void> {
  try {
    if (!(await claimTurnRecord(companyId, input.turn))) return;
    const now = new Date();
    const outcome = outcomeOf(input.reply, input.failed);
    const company = await readCompanyItemCached(companyId);
    await countTurn(companyId, input.assistant, outcome, localClock(now, timezoneOf(company)).date);
    if (outcome === 'unanswered' && isUnansweredReason(input.reply.handoff_reason))
      await recordDemand(
        companyId,
        {
          question: input.question,
          assistant: input.assistant,
          conversation: input.turn.conversationId,
          reason: input.reply.handoff_reason,
        },
        now,
      );
  } catch (error) {
    logger.warn('assistant turn not recorded', {
      companyId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
