import type { CampaignView, RecipientView } from '@atende/shared/contracts/campaigns/views';
import {
  audienceSpec,
  campaignStatus,
  exclusionReason,
  pauseReason,
  recipientStatus,
  variableMapping,
} from '@atende/shared/contracts/campaigns/campaign-fields';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';

const count = z.number().int().default(0);

/** A campaign as stored: the view's fields plus what only the dispatch needs. */
export const campaignRecord = z
  .object({
    _id: objectId,
    company: objectId,
    name: z.string(),
    status: campaignStatus,
    paused: z.boolean().default(false),
    pause_reason: pauseReason.nullable().default(null),
    integration: objectId,
    channel: z.enum(['official', 'whatsapp']),
    template: z.string().nullable().default(null),
    template_language: z.string().default('pt_BR'),
    template_body: z.string().default(''),
    template_header: z.string().default(''),
    message: z.string().nullable().default(null),
    variables: variableMapping.default({}),
    audience: audienceSpec,
    scheduled_at: z.string().nullable().default(null),
    started_at: z.string().nullable().default(null),
    finished_at: z.string().nullable().default(null),
    created_at: z.string(),
    created_by: objectId,
    reply_to: z
      .object({ department: objectId.optional(), flow: objectId.optional() })
      .nullable()
      .default(null),
    delay: z.object({ min: z.number(), max: z.number() }).nullable().default(null),
    /** Recipients were written and their sends queued. */
    prepared: z.boolean().default(false),
    eligible: count,
    total: count,
    excluded: count,
    attempted: count,
    sent: count,
    delivered: count,
    read: count,
    replied: count,
    failed: count,
    deferred: count,
    excluded_by: z.partialRecord(exclusionReason, z.number().int()).default({}),
    failures_by_code: z.record(z.string(), z.number().int()).default({}),
  })
  .loose();
export type CampaignRecord = z.infer<typeof campaignRecord>;

export const toCampaignView = (record: CampaignRecord): CampaignView => ({
  _id: record._id,
  name: record.name,
  status: record.status,
  paused: record.paused,
  pause_reason: record.pause_reason,
  integration: record.integration,
  channel: record.channel,
  template: record.template,
  message: record.message,
  variables: record.variables,
  audience: record.audience,
  scheduled_at: record.scheduled_at,
  started_at: record.started_at,
  finished_at: record.finished_at,
  created_at: record.created_at,
  reply_to: record.reply_to,
  total: record.total,
  excluded: record.excluded,
  attempted: record.attempted,
  sent: record.sent,
  delivered: record.delivered,
  read: record.read,
  replied: record.replied,
  failed: record.failed,
  deferred: record.deferred,
  excluded_by: record.excluded_by,
  failures_by_code: record.failures_by_code,
});

export const recipientRecord = z
  .object({
    contact: objectId,
    name: z.string().default(''),
    phone: z.string().nullable().default(null),
    status: recipientStatus,
    reason: exclusionReason.nullable().default(null),
    error_code: z.string().nullable().default(null),
    provider_message_id: z.string().nullable().default(null),
    /** Template parameters ({{1}}, {{2}} ...) or the unofficial channel's text, filled when queued. */
    params: z.array(z.string()).default([]),
    header_params: z.array(z.string()).default([]),
    text: z.string().nullable().default(null),
    updated_at: z.string(),
  })
  .loose();
export type RecipientRecord = z.infer<typeof recipientRecord>;

export const toRecipientView = (record: RecipientRecord): RecipientView => ({
  contact: record.contact,
  name: record.name,
  phone: record.phone,
  status: record.status,
  reason: record.reason,
  error_code: record.error_code,
  provider_message_id: record.provider_message_id,
  updated_at: record.updated_at,
});
