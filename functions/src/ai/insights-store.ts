import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssistantReply } from '@atende/shared/contracts/ai/assistant-views';
import type { UNANSWERED_REASONS } from '@atende/shared/contracts/ai/unanswered-reasons';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { CLAIM_TTL_SECONDS } from '../lib/event-claims.ts';
import { aiKeys } from './keys.ts';
import type { TurnRef } from './skill-claims.ts';
import { words } from './text-features.ts';

const table = () => config().mainTable;
const count = z.number().catch(0);
const stringSet = z.preprocess(
  (value) => (value instanceof Set ? [...(value as Set<string>)].sort() : value),
  z.array(z.string()).catch([]),
);

export const demandRecord = z.object({
  _id: z.string(),
  question: z.string(),
  last_question: z.string(),
  topic: z.string(),
  count,
  reason_unsupported: count,
  reason_threshold: count,
  reason_skill: count,
  assistants: stringSet,
  last_conversation: z.string().nullable().catch(null),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type DemandRecord = z.infer<typeof demandRecord>;

export const statsRecord = z.object({
  sk: z.string(),
  turns: count,
  answered: count,
  unanswered: count,
  requested: count,
  refused: count,
  failed: count,
});
export type StatsRecord = z.infer<typeof statsRecord>;

/** A question's topic: its meaningful words, deduplicated and sorted, so word order and filler do not split it. */
export function topicOf(question: string): string {
  const unique = [...new Set(words(question))].sort();
  return unique.length > 0 ? unique.join(' ') : question.trim().toLowerCase().slice(0, 200);
}

/** A topic's id, 24 hex like every id, derived from the topic so the same question lands on the same record. */
export const demandIdOf = (topic: string) => createHash('sha256').update(topic).digest('hex').slice(0, 24);

export type TurnOutcome = 'answered' | 'unanswered' | 'requested' | 'refused' | 'failed';

export function outcomeOf(reply: AssistantReply, failed: boolean): TurnOutcome {
  if (failed) return 'failed';
  if (reply.kind === 'answer') return 'answered';
  if (reply.kind === 'refusal') return 'refused';
  return reply.handoff_reason === 'keyword' || reply.handoff_reason === 'request'
    ? 'requested'
    : 'unanswered';
}

/**
 * Whether this customer message is counted now: a turn that runs again for the same message (a redelivery
 * after a lost race) finds the marker and counts nothing twice.
 */
export async function claimTurnRecord(companyId: string, turn: TurnRef): Promise<boolean> {
  try {
    await clients().document.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...aiKeys.skillClaim(companyId, turn.conversationId, turn.messageId, '#RECORDED'),
          entity: 'ai_turn_record',
          expiresAt: Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Adds one turn to the assistant's counts of `day` (YYYY-MM-DD in the company's time zone: the days the
 * precision screen asks for are the company's, as every other report's).
 */
export async function countTurn(companyId: string, assistant: string, outcome: TurnOutcome, day: string) {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: aiKeys.stats(companyId, day, assistant),
      UpdateExpression: 'SET entity = :entity, assistant = :assistant ADD turns :one, #outcome :one',
      ExpressionAttributeNames: { '#outcome': outcome },
      ExpressionAttributeValues: { ':entity': 'ai_stats', ':assistant': assistant, ':one': 1 },
    }),
  );
}

export async function statsBetween(companyId: string, from: string, to: string): Promise<StatsRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': aiKeys.statsPartition(companyId),
      ':from': `${from}#`,
      ':to': `${to}#~`,
    },
  });
  return items.map((item) => statsRecord.parse(item));
}

/** Records an unanswered question on its topic's demand (created on first sight, counted after). */
export async function recordDemand(
  companyId: string,
  input: {
    question: string;
    assistant: string;
    conversation: string;
    reason: (typeof UNANSWERED_REASONS)[number];
  },
  at: Date,
): Promise<string> {
  const topic = topicOf(input.question);
  const id = demandIdOf(topic);
  const question = input.question.trim().slice(0, 1000);
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: aiKeys.demand(companyId, id),
      UpdateExpression:
        'SET entity = :entity, #id = :id, topic = :topic, question = if_not_exists(question, :q), ' +
        'last_question = :q, first_seen = if_not_exists(first_seen, :now), last_seen = :now, ' +
        'last_conversation = :conversation ADD #count :one, #reason :one, assistants :assistant',
      ExpressionAttributeNames: { '#id': '_id', '#count': 'count', '#reason': `reason_${input.reason}` },
      ExpressionAttributeValues: {
        ':entity': 'ai_demand',
        ':id': id,
        ':topic': topic,
        ':q': question,
        ':now': at.toISOString(),
        ':conversation': input.conversation,
        ':one': 1,
        ':assistant': new Set([input.assistant]),
      },
    }),
  );
  return id;
}

/** The company's open demands (dismissed and resolved ones are deleted, so the partition stays small). */
export async function listDemandRecords(companyId: string): Promise<DemandRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': aiKeys.demandPartition(companyId) },
  });
  return items.map((item) => demandRecord.parse(item));
}

export async function readDemand(companyId: string, id: string): Promise<DemandRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: aiKeys.demand(companyId, id), ConsistentRead: true }),
  );
  return Item ? demandRecord.parse(Item) : undefined;
}

export async function removeDemand(companyId: string, id: string): Promise<void> {
  await clients().document.send(new DeleteCommand({ TableName: table(), Key: aiKeys.demand(companyId, id) }));
}
