import * as z from 'zod';
import { objectId } from './object-id.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

const departmentLabel = z.string().min(1);

/** What happens after the invalid-response limit is reached (spec point 3). */
export const invalidResponseOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queue') }),
  z.object({ kind: z.literal('flow'), flowId: objectId }),
  z.object({ kind: z.literal('department'), department: departmentLabel }),
]);

/** Spec point 3, Chat settings (also the company settings page sections of point 2). */
export const chatSettingsSchema = z.object({
  maxActiveChatsPerOperator: z.number().int().positive().optional(),
  autoCloseHours: z.number().positive().optional(),
  chatbotAutoClose: z
    .object({
      enabled: z.boolean(),
      hours: z.number().positive().optional(),
      forwardToDepartment: departmentLabel.optional(),
    })
    .default({ enabled: false }),
  invalidResponse: z
    .object({ limit: z.number().int().positive(), outcome: invalidResponseOutcomeSchema })
    .optional(),
  serviceEvaluation: z
    .object({
      enabled: z.boolean(),
      expiryMinutes: z.number().int().positive().optional(),
      /** Flow started for a given grade, keyed by the grade 1..5. */
      flowByGrade: z.record(z.string().regex(/^[1-5]$/), objectId).default({}),
    })
    .default({ enabled: false, flowByGrade: {} }),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);
