import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { pipelineMessagesPtBR } from '../../i18n/pipelines.ts';
import { dealStatus, stageEntry } from './deal-fields.ts';
import { pipelineView, stageView } from './views.ts';

const t = pipelineMessagesPtBR;
const required = formsPtBR.requiredField;

/** Money in BRL (reais), at most two decimals. */
export const money = z
  .number({ error: t.valueInvalid })
  .min(0, t.valueInvalid)
  .max(1e12, t.valueInvalid)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, t.valueInvalid);

export const isoDate = z
  .string({ error: t.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, t.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), t.dateInvalid);

export const dealView = z.object({
  _id: objectId,
  pipeline: objectId,
  stage: objectId,
  title: z.string(),
  value: z.number(),
  customer: z.object({ _id: objectId, full_name: z.string(), tags: z.array(z.string()) }),
  owner: objectId.nullable(),
  department: objectId.nullable(),
  conversation: objectId.nullable(),
  expected_close: z.string().nullable(),
  status: dealStatus,
  lost_reason: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Every stage the deal went through, oldest first; the last entry is the current stage. */
  history: z.array(stageEntry),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DealView = z.infer<typeof dealView>;

export const dealBody = z.object({
  pipeline: objectId,
  stage: objectId,
  customer: objectId,
  title: z.string({ error: required }).trim().min(1, required).max(120),
  value: money.default(0),
  owner: objectId.nullable().optional(),
  department: objectId.nullable().optional(),
  /** The conversation the deal was created from (chat side panel). */
  conversation: objectId.optional(),
  expected_close: isoDate.nullable().optional(),
});

export const dealPatch = z
  .object({
    title: z.string({ error: required }).trim().min(1, required).max(120).optional(),
    value: money.optional(),
    owner: objectId.nullable().optional(),
    expected_close: isoDate.nullable().optional(),
    stage: objectId.optional(),
    status: dealStatus.optional(),
    lost_reason: z.string().trim().max(300).optional(),
  })
  .refine((patch) => patch.lost_reason === undefined || patch.status === 'lost', {
    message: t.lostReasonOnlyWhenLost,
    path: ['lost_reason'],
  });

export const dealIdParams = z.object({ id: objectId });

export const listDealsQuery = z.object({
  pipeline: objectId.optional(),
  stage: objectId.optional(),
  owner: objectId.optional(),
  customer: objectId.optional(),
  status: dealStatus.optional(),
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const listDealsResponse = z.object({ deals: z.array(dealView), next_cursor: z.string().nullable() });

const numberParam = z.coerce.number({ error: t.valueInvalid }).min(0, t.valueInvalid);

export const boardQuery = z.object({
  owner: objectId.optional(),
  tag: objectId.optional(),
  min_value: numberParam.optional(),
  max_value: numberParam.optional(),
  /** Creation day range, YYYY-MM-DD, both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** Cards shown per stage; the stage table pages through the rest. */
export const BOARD_STAGE_LIMIT = 100;

export const boardView = z.object({
  pipeline: pipelineView,
  stages: z.array(
    z.object({
      stage: stageView,
      deals: z.array(dealView),
      count: z.number().int(),
      total: z.number(),
      /** Total times the stage's probability. */
      weighted: z.number(),
      more: z.boolean(),
    }),
  ),
  totals: z.object({ count: z.number().int(), total: z.number(), weighted: z.number() }),
});
export type BoardView = z.infer<typeof boardView>;
