import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { CLAIM_TTL_SECONDS } from '../lib/event-claims.ts';
import { aiKeys } from './keys.ts';
import type { Tool, ToolResult } from './tool-loop.ts';

/** The customer message a turn answers: a redelivered or raced turn of the same message has the same one. */
export interface TurnRef {
  conversationId: string;
  messageId: string;
}

const toolResult = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** Arguments as a stable string: the same call with its keys in another order is the same call. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/**
 * A side-effecting tool that runs at most once per (customer message, tool, arguments, occurrence): the
 * claim is written before the effect, so a turn that runs again (its session write lost a race, or the
 * Lambda died before writing it, and the queue redelivered the message) finds the claim and answers the
 * model with the first run's result instead of tagging, updating or calling the outside service again.
 * Keyed by the call's content, not the model's tool_call id: a real model mints new ids on every request.
 * A claim without a result (the first run is still going, or died mid-effect) is not run again either.
 */
export function claimedTool(tool: Tool, companyId: string, turn: TurnRef, seen: Map<string, number>): Tool {
  return {
    definition: tool.definition,
    run: async (args) => {
      const call = `${tool.definition.name}#${createHash('sha256').update(canonical(args)).digest('hex').slice(0, 32)}`;
      const occurrence = (seen.get(call) ?? 0) + 1;
      seen.set(call, occurrence);
      const key = aiKeys.skillClaim(companyId, turn.conversationId, turn.messageId, `${call}#${occurrence}`);
      try {
        await clients().document.send(
          new PutCommand({
            TableName: config().mainTable,
            Item: {
              ...key,
              entity: 'ai_skill_claim',
              tool: tool.definition.name,
              claimed_at: new Date().toISOString(),
              expiresAt: Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { Item } = await clients().document.send(
          new GetCommand({ TableName: config().mainTable, Key: key, ConsistentRead: true }),
        );
        const stored = toolResult.safeParse(Item?.result);
        return stored.success ? stored.data : { ok: false, error: aiMessagesPtBR.skillErrors.alreadyRun };
      }
      const result = await tool.run(args).catch((error: unknown): ToolResult => ({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }));
      await clients().document.send(
        new UpdateCommand({
          TableName: config().mainTable,
          Key: key,
          UpdateExpression: 'SET #result = :result',
          ExpressionAttributeNames: { '#result': 'result' },
          ExpressionAttributeValues: { ':result': result },
        }),
      );
      return result;
    },
  };
}
