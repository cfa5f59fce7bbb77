import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { aiInsightMessagesPtBR } from '../../i18n/ai.ts';

const required = formsPtBR.requiredField;
const t = aiInsightMessagesPtBR;

/**
 * An open demand: customer questions an assistant could not answer, grouped by their meaningful words (so
 * "Vocês entregam no sábado?" and "entregam sábado?" are one topic), counted each time one arrives again.
 */
export const demandView = z.object({
  _id: objectId,
  /** The first wording seen, and the latest one. */
  question: z.string(),
  last_question: z.string(),
  /** The words the group is keyed on. */
  topic: z.string(),
  count: z.number(),
  reasons: z.object({ unsupported: z.number(), threshold: z.number(), skill: z.number() }),
  assistants: z.array(objectId),
  last_conversation: objectId.nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type DemandView = z.infer<typeof demandView>;

export const DEMANDS_PAGE_SIZE = 20;

export const demandsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(DEMANDS_PAGE_SIZE),
  assistant: objectId.optional(),
});
/** Most asked first, then most recent. */
export const demandsPage = z.object({ items: z.array(demandView), total: z.number() });

export const demandParams = z.object({ id: objectId });

/** Turning a demand into knowledge: a question-and-answer entry in one of the company's bases. */
export const resolveDemandBody = z.object({
  knowledge_base: objectId,
  question: z.string({ error: required }).trim().min(1, required).max(1000),
  answer: z.string({ error: required }).trim().min(1, required).max(5000),
});

const day = z
  .string({ error: required })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, t.invalidDay);

/** Longest period the precision report covers at once. */
export const PRECISION_MAX_DAYS = 366;

export const precisionQuery = z
  .object({ from: day, to: day, assistant: objectId.optional() })
  .refine((query) => query.from <= query.to, { message: t.invalidPeriod, path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < PRECISION_MAX_DAYS, {
    message: t.periodTooLong,
    path: ['to'],
  });

const counts = {
  /** Customer messages the assistant took. */
  turns: z.number(),
  answered: z.number(),
  /** Handed off without an answer: unsupported, below the threshold, or the model's own handoff. */
  unanswered: z.number(),
  /** Handed off because the customer asked for a person or wrote a handoff keyword. */
  requested: z.number(),
  refused: z.number(),
  /** The model failed (timeout, refused key): handed to the queue. */
  failed: z.number(),
};
export const precisionRow = z.object({
  assistant: objectId,
  name: z.string(),
  ...counts,
  /** answered / (answered + unanswered), null with no such turn. */
  precision: z.number().nullable(),
  handoff_rate: z.number().nullable(),
});
export type PrecisionRow = z.infer<typeof precisionRow>;
export const precisionView = z.object({
  from: z.string(),
  to: z.string(),
  assistants: z.array(precisionRow),
  days: z.array(
    z.object({ day: z.string(), answered: z.number(), unanswered: z.number(), turns: z.number() }),
  ),
});
export type PrecisionView = z.infer<typeof precisionView>;
