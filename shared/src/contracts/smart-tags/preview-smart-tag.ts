import * as z from 'zod';
import { smartTagConditionsSchema, smartTagMatchSchema } from '../../rules/smart-tags-schema.ts';
import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';

export const previewSmartTagBody = z.object({
  match: smartTagMatchSchema.default('all'),
  conditions: smartTagConditionsSchema,
});

/**
 * How many contacts a draft rule matches. A large base is sampled: `scanned` contacts were evaluated and
 * `complete` says whether that was all of them.
 */
export const previewSmartTagResponse = z.object({
  matched: z.number().int().nonnegative(),
  scanned: z.number().int().nonnegative(),
  complete: z.boolean(),
});

export const previewSmartTag = defineRoute({
  id: 'smartTags.preview',
  method: 'POST',
  path: '/smart-tags/preview',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  body: previewSmartTagBody,
  response: previewSmartTagResponse,
  maxBodyBytes: 65_536,
});
