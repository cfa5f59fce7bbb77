import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { CAMPAIGN_ACCESS } from './access.ts';
import { campaignBody, campaignIdParams, campaignView, estimateView } from './views.ts';
import { audienceSpec } from './campaign-fields.ts';

const common = { domain: 'campaigns', auth: 'employee', access: CAMPAIGN_ACCESS } as const;

export const createCampaign = defineRoute({
  ...common,
  id: 'campaigns.create',
  method: 'POST',
  path: '/campaigns',
  body: campaignBody,
  response: z.object({ _id: z.string(), status: z.number().int() }),
  successStatus: 201,
  maxBodyBytes: 262_144,
});

export const listCampaignsQuery = z.object({
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const listCampaigns = defineRoute({
  ...common,
  id: 'campaigns.list',
  method: 'GET',
  path: '/campaigns',
  query: listCampaignsQuery,
  response: z.object({ campaigns: z.array(campaignView), next_cursor: z.string().nullable() }),
});

export const getCampaign = defineRoute({
  ...common,
  id: 'campaigns.get',
  method: 'GET',
  path: '/campaigns/{id}',
  params: campaignIdParams,
  response: campaignView,
});

const lifecycle = (operation: 'start' | 'pause' | 'resume' | 'cancel') =>
  defineRoute({
    ...common,
    id: `campaigns.${operation}`,
    method: 'POST',
    path: `/campaigns/{id}/${operation}`,
    params: campaignIdParams,
    response: campaignView,
  });

/** Sends a created or scheduled campaign now. */
export const startCampaign = lifecycle('start');
export const pauseCampaign = lifecycle('pause');
export const resumeCampaign = lifecycle('resume');
/** 200 with status 4, or 409 with a pt-BR reason within 2 minutes of the start or once dispatch began. */
export const cancelCampaign = lifecycle('cancel');

export const estimateBody = z.object({ integration: objectId, audience: audienceSpec });

export const estimateCampaign = defineRoute({
  ...common,
  id: 'campaigns.estimate',
  method: 'POST',
  path: '/campaigns/estimate',
  body: estimateBody,
  response: estimateView,
  maxBodyBytes: 65_536,
});
