import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';

// Apart from deal-views.ts: deal records and events use these alone, without the deal routes' bodies and views.

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export const dealStatus = z.enum(DEAL_STATUSES);
export type DealStatus = z.infer<typeof dealStatus>;

export const stageEntry = z.object({
  stage: objectId,
  entered_at: z.string(),
  left_at: z.string().nullable(),
  by: objectId.nullable(),
});
export type StageEntry = z.infer<typeof stageEntry>;
