import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { CAMPAIGN_ACCESS } from './access.ts';
import {
  audienceListBody,
  audienceListView,
  campaignIdParams,
  CSV_AUDIENCE_MAX_BYTES,
  csvAudienceBody,
  recipientView,
} from './views.ts';
import { recipientStatus } from './campaign-fields.ts';
import { objectId } from '../../domain/object-id.ts';

const common = { domain: 'campaigns', auth: 'employee', access: CAMPAIGN_ACCESS } as const;

export const listRecipientsQuery = z.object({
  status: recipientStatus.optional(),
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const listRecipients = defineRoute({
  ...common,
  id: 'campaigns.recipients',
  method: 'GET',
  path: '/campaigns/{id}/recipients',
  params: campaignIdParams,
  query: listRecipientsQuery,
  response: z.object({ recipients: z.array(recipientView), next_cursor: z.string().nullable() }),
});

/** The recipient table as CSV (same rows and statuses as the API), for download. */
export const exportRecipients = defineRoute({
  ...common,
  id: 'campaigns.export',
  method: 'GET',
  path: '/campaigns/{id}/export',
  params: campaignIdParams,
  response: z.object({ file_name: z.string(), csv: z.string() }),
});

export const listAudienceLists = defineRoute({
  ...common,
  id: 'campaigns.audienceLists',
  method: 'GET',
  path: '/audience-lists',
  response: z.object({ audience_lists: z.array(audienceListView) }),
});

export const createAudienceList = defineRoute({
  ...common,
  id: 'campaigns.createAudienceList',
  method: 'POST',
  path: '/audience-lists',
  body: audienceListBody,
  response: audienceListView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});

/** A saved audience from an uploaded CSV: phone column, optional name and per-row variable columns. */
export const createCsvAudienceList = defineRoute({
  ...common,
  id: 'campaigns.createCsvAudienceList',
  method: 'POST',
  path: '/audience-lists/csv',
  body: csvAudienceBody,
  response: audienceListView,
  successStatus: 201,
  maxBodyBytes: Math.ceil((CSV_AUDIENCE_MAX_BYTES * 4) / 3) + 4096,
});

export const deleteAudienceList = defineRoute({
  ...common,
  id: 'campaigns.deleteAudienceList',
  method: 'DELETE',
  path: '/audience-lists/{id}',
  params: z.object({ id: objectId }),
  response: z.object({ deleted: objectId }),
});
