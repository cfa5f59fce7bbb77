import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { pipelineMessagesPtBR } from '../../i18n/pipelines.ts';
import { activityType } from './views.ts';

const t = pipelineMessagesPtBR;
const required = formsPtBR.requiredField;

export const ACTIVITY_STATUSES = ['open', 'done'] as const;
/** `overdue` is open and due before now. */
export const activityStatusFilter = z.enum(['open', 'done', 'overdue']);

/** Minutes before due_at when the reminder goes out. */
export const REMINDER_LEAD_MINUTES = 10;

const dateTime = z.iso.datetime({ offset: true, error: t.dateTimeInvalid });

export const activityView = z.object({
  _id: objectId,
  title: z.string(),
  type: activityType,
  due_at: z.string(),
  assignee: objectId,
  customer: objectId.nullable(),
  deal: objectId.nullable(),
  conversation: objectId.nullable(),
  notes: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  done_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  created_by: objectId.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ActivityView = z.infer<typeof activityView>;

export const activityBody = z.object({
  title: z.string({ error: required }).trim().min(1, required).max(120),
  type: activityType,
  due_at: dateTime,
  assignee: objectId.optional(),
  customer: objectId.optional(),
  deal: objectId.optional(),
  conversation: objectId.optional(),
  notes: z.string().trim().max(2000).default(''),
});

export const activityPatch = z.object({
  title: z.string({ error: required }).trim().min(1, required).max(120).optional(),
  type: activityType.optional(),
  /** Rescheduling arms the reminder again. */
  due_at: dateTime.optional(),
  assignee: objectId.optional(),
  notes: z.string().trim().max(2000).optional(),
  done: z.boolean().optional(),
});

export const activityIdParams = z.object({ id: objectId });

export const listActivitiesQuery = z
  .object({
    from: dateTime.optional(),
    to: dateTime.optional(),
    assignee: objectId.optional(),
    status: activityStatusFilter.optional(),
    customer: objectId.optional(),
    deal: objectId.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: t.rangeInvalid,
    path: ['from'],
  });

export const listActivitiesResponse = z.object({
  activities: z.array(activityView),
  next_cursor: z.string().nullable(),
});
