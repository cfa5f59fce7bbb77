import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import { campaignMessagesPtBR } from '../../i18n/campaigns.ts';
import {
  audienceSpec,
  campaignStatus,
  exclusionReason,
  hasAudience,
  pauseReason,
  recipientStatus,
  variableMapping,
} from './campaign-fields.ts';

const required = formsPtBR.requiredField;
const t = campaignMessagesPtBR;

export const campaignBody = z
  .object({
    name: z.string({ error: required }).trim().min(1, required).max(120),
    integration: objectId,
    /** The official channel's APPROVED template name; the unofficial (QR) channel sends `message` instead. */
    template: z.string().trim().max(512).optional(),
    message: z.string().trim().max(4096).optional(),
    variables: variableMapping.optional(),
    audience: audienceSpec.refine(hasAudience, t.audienceRequired),
    scheduled_at: z.iso.datetime({ offset: true }).optional(),
    reply_to: z
      .object({ department: objectId.optional(), flow: objectId.optional() })
      .refine((value) => !(value.department && value.flow), 'department | flow')
      .optional(),
    /** Unofficial channel pacing between two sends, in seconds. */
    delay: z
      .object({ min: z.number().int().min(1).max(300), max: z.number().int().min(1).max(300) })
      .refine((value) => value.min <= value.max, t.delayRange)
      .optional(),
  })
  .strict();
export type CampaignBody = z.infer<typeof campaignBody>;

export const campaignCounts = z.object({
  total: z.number().int(),
  excluded: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  deferred: z.number().int(),
  /** Recipients whose send began (claimed), whatever came of it. */
  attempted: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCounts>;

export const campaignView = campaignCounts.extend({
  _id: objectId,
  name: z.string(),
  status: campaignStatus,
  paused: z.boolean(),
  pause_reason: pauseReason.nullable(),
  integration: objectId,
  channel: z.enum(['official', 'whatsapp']),
  template: z.string().nullable(),
  message: z.string().nullable(),
  variables: variableMapping,
  audience: audienceSpec,
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  reply_to: z.object({ department: objectId.optional(), flow: objectId.optional() }).nullable(),
  excluded_by: z.partialRecord(exclusionReason, z.number().int()),
  failures_by_code: z.record(z.string(), z.number().int()),
});
export type CampaignView = z.infer<typeof campaignView>;

export const campaignIdParams = z.object({ id: objectId });

export const recipientView = z.object({
  contact: objectId,
  name: z.string(),
  phone: z.string().nullable(),
  status: recipientStatus,
  reason: exclusionReason.nullable(),
  error_code: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  updated_at: z.string(),
});
export type RecipientView = z.infer<typeof recipientView>;

export const estimateView = z.object({
  total: z.number().int(),
  eligible: z.number().int(),
  excluded: z.number().int(),
  excluded_by: z.partialRecord(exclusionReason, z.number().int()),
  /** Seconds at the governor's rate for this integration. */
  duration_seconds: z.number(),
});
export type EstimateView = z.infer<typeof estimateView>;

export const audienceListBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(120),
  audience: audienceSpec.omit({ audience_list: true }).refine(hasAudience, t.audienceRequired),
});
/** An uploaded CSV audience's limits: the file is read whole in one request, so both stay modest. */
export const CSV_AUDIENCE_MAX_BYTES = 2_000_000;
export const CSV_AUDIENCE_MAX_ROWS = 10_000;
/** Refused rows kept on the list for the screen (the counts cover all of them). */
export const CSV_AUDIENCE_ERROR_ROWS = 200;

export const csvAudienceSummary = z.object({
  file_name: z.string(),
  rows: z.number().int(),
  accepted: z.number().int(),
  created_contacts: z.number().int(),
  errors: z.number().int(),
  /** The per-row variable columns, as the campaign's variables name them (`csv.<key>`). */
  variables: z.array(z.object({ column: z.string(), key: z.string() })),
  error_rows: z.array(z.object({ row: z.number().int(), phone: z.string(), reason: z.string() })),
});
export type CsvAudienceSummary = z.infer<typeof csvAudienceSummary>;

/** A saved audience: filters, or (with `csv`) the contacts of an uploaded file, each with its row's variables. */
export const audienceListView = z.object({
  _id: objectId,
  name: z.string(),
  audience: audienceSpec.omit({ audience_list: true }),
  created_at: z.string(),
  csv: csvAudienceSummary.optional(),
});

const column = z.string().trim().min(1).max(120);
export const csvAudienceBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(120),
  file_name: z.string().trim().min(1).max(200),
  content_base64: z
    .string()
    .min(1, required)
    .max(Math.ceil((CSV_AUDIENCE_MAX_BYTES * 4) / 3) + 4),
  phone_column: column,
  name_column: column.optional(),
  variable_columns: z.array(column).max(10).default([]),
});
export type CsvAudienceBody = z.infer<typeof csvAudienceBody>;
export type AudienceListView = z.infer<typeof audienceListView>;
