import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { aiInsightMessagesPtBR } from '../../i18n/ai.ts';
import { PRECISION_MAX_DAYS } from './insight-views.ts';

const required = formsPtBR.requiredField;
const t = aiInsightMessagesPtBR;

/** Most resolved conversations one evaluation replays (each is two model calls). */
export const EVALUATION_MAX_CASES = 50;

const day = z
  .string({ error: required })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, t.invalidDay);

/**
 * An evaluation of an assistant: the company's resolved (closed) conversations of a period, optionally only
 * those of customers with a tag, each replayed as its first customer question answered by a person.
 */
export const evaluationBody = z
  .object({
    assistant: objectId,
    from: day,
    to: day,
    tag: objectId.optional(),
    limit: z.number().int().min(1).max(EVALUATION_MAX_CASES).default(20),
  })
  .refine((body) => body.from <= body.to, { message: t.invalidPeriod, path: ['to'] })
  .refine((body) => (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 < PRECISION_MAX_DAYS, {
    message: t.periodTooLong,
    path: ['to'],
  });
export type EvaluationBody = z.infer<typeof evaluationBody>;

export const EVALUATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** One replayed question: what the person answered, what the assistant did, and the judge's verdict. */
export const evaluationCase = z.object({
  conversation: objectId,
  question: z.string(),
  /** The person's answer, the reference the model judges against. */
  reference: z.string(),
  reply: z.string(),
  reply_kind: z.enum(['answer', 'handoff', 'refusal']),
  handoff_reason: z.string().nullable(),
  /** 0..1, how well the assistant's answer agrees with the person's (null when it did not answer). */
  score: z.number().nullable(),
  /** Whether the assistant's knowledge holds what the person answered (the judge reads the passages). */
  answerable: z.boolean(),
  /** A handoff is right when the knowledge could not answer; an answer is right when it could. */
  handoff_correct: z.boolean(),
});
export type EvaluationCase = z.infer<typeof evaluationCase>;

export const evaluationScores = z.object({
  cases: z.number(),
  answered: z.number(),
  handed_off: z.number(),
  /** Mean judge score of the answered cases; null with none answered. */
  accuracy: z.number().nullable(),
  /** Handoffs on questions the knowledge could not answer / all handoffs; null with no handoff. */
  handoff_precision: z.number().nullable(),
  /** Handoffs on unanswerable questions / all unanswerable questions; null with none. */
  handoff_recall: z.number().nullable(),
});
export type EvaluationScores = z.infer<typeof evaluationScores>;

export const evaluationSummary = z.object({
  _id: objectId,
  assistant: objectId,
  assistant_name: z.string(),
  from: z.string(),
  to: z.string(),
  tag: objectId.nullable(),
  limit: z.number(),
  status: z.enum(EVALUATION_STATUSES),
  /** 0..100 */
  progress: z.number(),
  total: z.number(),
  processed: z.number(),
  scores: evaluationScores,
  error: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type EvaluationSummary = z.infer<typeof evaluationSummary>;

export const evaluationView = evaluationSummary.extend({ cases: z.array(evaluationCase) });
export type EvaluationView = z.infer<typeof evaluationView>;

export const evaluationsQuery = z.object({ assistant: objectId.optional() });
export const evaluationsList = z.object({ items: z.array(evaluationSummary) });
export const evaluationParams = z.object({ id: objectId });
