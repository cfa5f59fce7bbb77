import type { RecipientStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import Papa from 'papaparse';
import { newObjectId } from '@atende/shared/domain/object-id';
import { deleteCsvRows } from './csv-audience-rows.ts';
import type { AudienceListView } from '@atende/shared/contracts/campaigns/views';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import * as lists from './audience-lists.ts';
import { toRecipientView } from './records.ts';
import { recipientBatches, recipientPage } from './store.ts';
import { requireCampaign } from './service.ts';

export async function listRecipients(
  auth: AuthContext,
  id: string,
  query: { status?: RecipientStatus | undefined; cursor?: string | undefined; limit: number },
) {
  await requireCampaign(auth, id);
  const page = await recipientPage(auth.companyId, id, query.status, query.cursor, query.limit);
  return { recipients: page.recipients.map(toRecipientView), next_cursor: page.nextCursor };
}

/** The recipient table as CSV: the same rows and statuses the API lists, so the numbers match. */
export async function exportRecipients(auth: AuthContext, id: string) {
  const campaign = await requireCampaign(auth, id);
  const rows: string[][] = [];
  for await (const batch of recipientBatches(auth.companyId, id)) {
    for (const recipient of batch) {
      rows.push([
        recipient.contact,
        recipient.name,
        recipient.phone ?? '',
        recipient.status,
        recipient.reason ?? '',
        recipient.error_code ?? '',
        recipient.provider_message_id ?? '',
        recipient.updated_at,
      ]);
    }
  }
  const csv = Papa.unparse({
    fields: [
      'contact',
      'name',
      'phone',
      'status',
      'reason',
      'error_code',
      'provider_message_id',
      'updated_at',
    ],
    data: rows,
  });
  return { file_name: `campanha-${campaign._id}.csv`, csv };
}

export const listAudienceLists = async (auth: AuthContext) => ({
  audience_lists: await lists.listAudienceLists(auth.companyId),
});

export async function createAudienceList(
  auth: AuthContext,
  body: Omit<AudienceListView, '_id' | 'created_at'>,
) {
  const list: AudienceListView = { _id: newObjectId(), created_at: new Date().toISOString(), ...body };
  await lists.putAudienceList(auth.companyId, list);
  return list;
}

export async function deleteAudienceList(auth: AuthContext, id: string) {
  if (!(await lists.deleteAudienceList(auth.companyId, id))) throw new NotFound();
  await deleteCsvRows(auth.companyId, id);
  return { deleted: id };
}
