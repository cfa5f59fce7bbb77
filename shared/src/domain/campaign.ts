import * as z from 'zod';
import { CAMPAIGN_STATUS, TEMPLATE_STATUSES } from './constants.ts';
import { objectId } from './object-id.ts';

export const templateStatusSchema = z.enum(TEMPLATE_STATUSES);

/** Spec point 3, Template message. */
export const templateMessageSchema = z.object({
  _id: objectId,
  name: z.string().min(1),
  content: z.string(),
  status: templateStatusSchema,
  integration: z.string().optional(),
});
export type TemplateMessage = z.infer<typeof templateMessageSchema>;

export type CampaignStatusCode = (typeof CAMPAIGN_STATUS)[keyof typeof CAMPAIGN_STATUS];
export const campaignStatusSchema = z.literal(Object.values(CAMPAIGN_STATUS));

/** Spec point 3, Campaign (numeric status of point 4). */
export const campaignSchema = z.object({
  _id: objectId,
  name: z.string().min(1),
  status: campaignStatusSchema,
  template: objectId.optional(),
  start_at: z.iso.datetime().optional(),
  created_at: z.iso.datetime(),
});
export type Campaign = z.infer<typeof campaignSchema>;
