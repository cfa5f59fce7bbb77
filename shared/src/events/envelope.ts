import * as z from 'zod';

/**
 * What every domain event carries. `id` is derived from the stream record (table, keys, sequence number and
 * the event type), so a replayed record yields the same id and a consumer can claim it once.
 */
export const eventEnvelope = z.object({
  id: z.string().min(1),
  company_id: z.string().min(1),
  /** The id of the entity the event is about (message, conversation, contact, ...). */
  entity_id: z.string().min(1),
  /** When the change was written (the stream record's approximate creation time). */
  occurred_at: z.string(),
});

/** One event schema: the envelope, a literal type and the data a consumer needs. */
export const defineEvent = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  eventEnvelope.extend({ type: z.literal(type), data });
