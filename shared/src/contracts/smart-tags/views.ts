import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { SMART_TAG_FIELDS, SMART_TAG_MATCHES, SMART_TAG_OPERATORS } from '../../rules/smart-tags.ts';
import { smartTagConditionsSchema, smartTagMatchSchema } from '../../rules/smart-tags-schema.ts';
import { tagColor } from '../tags/views.ts';

const required = formsPtBR.requiredField;

export const SMART_TAG_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type SmartTagStatus = (typeof SMART_TAG_STATUSES)[number];

export const smartTagConditionView = z.object({
  field: z.enum(SMART_TAG_FIELDS),
  operator: z.enum(SMART_TAG_OPERATORS),
  key: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
});

/**
 * A smart tag with the state of its membership: `status` is pending (queued), running (being recomputed:
 * `progress` counts the contacts evaluated) or ready; `members_count` is kept exact by every membership change.
 */
export const smartTagView = z.object({
  _id: objectId,
  name: z.string(),
  color: z.string(),
  match: z.enum(SMART_TAG_MATCHES),
  conditions: z.array(smartTagConditionView),
  status: z.enum(SMART_TAG_STATUSES),
  progress: z.object({ processed: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  members_count: z.number().int(),
  /** Re-evaluated every day because a condition counts days ("no contact in the last 30 days"). */
  time_based: z.boolean(),
  refreshed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SmartTagView = z.infer<typeof smartTagView>;

export const smartTagBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(40),
  color: tagColor,
  match: smartTagMatchSchema.default('all'),
  conditions: smartTagConditionsSchema,
});
export const smartTagPatch = z.object({
  name: smartTagBody.shape.name.optional(),
  color: tagColor.optional(),
  match: smartTagMatchSchema.optional(),
  conditions: smartTagConditionsSchema.optional(),
});
export const smartTagIdParams = z.object({ id: objectId });
