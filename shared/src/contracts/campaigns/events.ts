import * as z from 'zod';
import { defineEvent } from '../../events/envelope.ts';
import { campaignView } from './views.ts';

/** Stored campaign items carry `entity: 'campaign'`; functions/src/campaigns/event-mapper.ts maps them. */
export const CAMPAIGN_ENTITY = 'campaign';

/**
 * A campaign reached a final status (spec point 4): 3 sent (every recipient's outcome known) or 4 cancelled.
 * `campaign` carries the final counts (sent, delivered, read, replied, failed ...) as the API shows them.
 */
export const campaignFinished = defineEvent(
  'campaign.finished',
  z.object({ campaign: campaignView, previous_status: z.number().int() }),
);

export const CAMPAIGN_EVENTS = [campaignFinished] as const;

export type CampaignEventDraft = Omit<z.infer<(typeof CAMPAIGN_EVENTS)[number]>, 'id' | 'occurred_at'>;
