import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { pipelineMessagesPtBR } from '../../i18n/pipelines.ts';

const t = pipelineMessagesPtBR;
const required = formsPtBR.requiredField;

export const ACTIVITY_TYPES = ['call', 'meeting', 'task', 'e-mail', 'whatsapp'] as const;
export const activityType = z.enum(ACTIVITY_TYPES);

export const MAX_STAGES = 30;

const name = (max: number) => z.string({ error: required }).trim().min(1, required).max(max);

/** What happens when a deal enters a stage (each at most once per entry). */
export const stageRules = z.object({
  activity: z
    .object({
      title: name(120),
      type: activityType.default('task'),
      due_in_days: z
        .number({ error: t.dueDaysInvalid })
        .int(t.dueDaysInvalid)
        .min(0, t.dueDaysInvalid)
        .max(365, t.dueDaysInvalid),
      /** An employee, or null for the deal's owner. */
      assignee: objectId.nullable().default(null),
    })
    .optional(),
  add_tag: objectId.optional(),
  remove_tag: objectId.optional(),
  notify_owner: z.boolean().default(false),
});
export type StageRules = z.infer<typeof stageRules>;

const probability = z
  .number({ error: t.probabilityInvalid })
  .int(t.probabilityInvalid)
  .min(0, t.probabilityInvalid)
  .max(100, t.probabilityInvalid);

export const stageView = z.object({
  _id: objectId,
  name: z.string(),
  probability: z.number(),
  rules: stageRules,
});
export type StageView = z.infer<typeof stageView>;

export const pipelineView = z.object({
  _id: objectId,
  name: z.string(),
  stages: z.array(stageView),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PipelineView = z.infer<typeof pipelineView>;

const stageInput = z.object({
  /** Present for a stage that already exists (renamed or moved); absent for a new one. */
  _id: objectId.optional(),
  name: name(40),
  probability: probability.default(0),
  rules: stageRules.default({ notify_owner: false }),
});
export type StageInput = z.infer<typeof stageInput>;

const uniqueNames = (stages: readonly { name: string }[]) =>
  new Set(stages.map((stage) => stage.name.toLocaleLowerCase('pt-BR'))).size === stages.length;

const stageList = z
  .array(stageInput, { error: t.stagesRequired })
  .min(1, t.stagesRequired)
  .max(MAX_STAGES, t.tooManyStages)
  .refine(uniqueNames, t.stageNamesUnique);

export const pipelineBody = z.object({ name: name(60), stages: stageList });

/**
 * A pipeline edit: `stages` is the whole new list in order (existing ones by _id). A stage left out is
 * deleted; if it holds deals, `moves` must say which kept stage receives them.
 */
export const pipelinePatch = z.object({
  name: name(60).optional(),
  stages: stageList.optional(),
  moves: z
    .array(z.object({ from: objectId, to: objectId }))
    .max(MAX_STAGES)
    .default([]),
});

export const pipelineIdParams = z.object({ id: objectId });
