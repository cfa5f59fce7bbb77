import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import { walletOfCustomer } from '../conversations/wallet-reach.ts';
import type { ContactRecord } from '../contacts/records.ts';
import { readContacts } from '../contacts/store.ts';
import type { Viewer } from '../conversations/visibility.ts';
import type { DealRecord, PipelineRecord } from './records.ts';
import { canSeeDeal } from './visibility.ts';

export const toPipelineView = (record: PipelineRecord): PipelineView => ({
  _id: record._id,
  name: record.name,
  stages: record.stages,
  created_at: record.created_at,
  updated_at: record.updated_at,
});

export function toDealView(deal: DealRecord, contact: ContactRecord | undefined): DealView {
  return {
    _id: deal._id,
    pipeline: deal.pipeline,
    stage: deal.stage,
    title: deal.title,
    value: deal.value,
    customer: { _id: deal.customer, full_name: contact?.full_name ?? '', tags: contact?.tags ?? [] },
    owner: deal.owner,
    department: deal.department,
    conversation: deal.conversation,
    expected_close: deal.expected_close,
    status: deal.status,
    lost_reason: deal.lost_reason,
    closed_at: deal.closed_at,
    history: deal.history,
    created_at: deal.created_at,
    updated_at: deal.updated_at,
  };
}

/** The deals the viewer may see, with their contacts read once (a contact's wallet decides the wallet rule). */
export async function visibleDeals(
  companyId: string,
  viewer: Viewer,
  deals: readonly DealRecord[],
): Promise<{ deal: DealRecord; contact: ContactRecord | undefined }[]> {
  const contacts = new Map(
    (
      await readContacts(
        companyId,
        deals.map((deal) => deal.customer),
      )
    ).map((contact) => [contact._id, contact]),
  );
  return deals.flatMap((deal) => {
    const contact = contacts.get(deal.customer);
    const wallet = contact ? walletOfCustomer(contact) : null;
    return canSeeDeal(viewer, deal, wallet) ? [{ deal, contact }] : [];
  });
}
