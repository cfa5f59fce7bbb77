import type { StageView } from '@atende/shared/contracts/pipelines/views';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import type { ContactRecord } from '../contacts/records.ts';
import { writeContact } from '../contacts/store.ts';
import { getCatalogueItem } from '../lib/dynamo/catalogue.ts';
import { Conflict } from '../lib/errors.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { activityWrites } from './activity-store.ts';
import { announceActivity, noticeOwner } from './announce.ts';
import { dealPut, type TransactItem, writeDeal } from './deal-store.ts';
import type { DealRecord } from './records.ts';
import { entryActivity, entryContact } from './stage-rules.ts';

/**
 * Saves a deal and, when it has just entered `entered`, what that stage's rules do, all in one transaction:
 * the rule's activity and the contact's tag change land with the entry or not at all, so a retried or
 * concurrent request (refused by the deal's version) never fires them twice. The owner's notice follows.
 */
export async function saveEntry(
  before: DealRecord | undefined,
  after: DealRecord,
  entered: StageView | undefined,
  contact: ContactRecord,
  actor: string,
  now: Date,
) {
  const activity = entered ? entryActivity(after, entered, actor, now) : undefined;
  const extra: TransactItem[] = activity ? activityWrites(undefined, activity, now) : [];
  const stillTagged = async (tag: string | undefined) =>
    tag ? Boolean(await getCatalogueItem(tagCatalogue, after.company, tag)) : false;
  const tagged =
    entered && ((await stillTagged(entered.rules.add_tag)) || (await stillTagged(entered.rules.remove_tag)))
      ? entryContact(contact, entered, now)
      : undefined;
  if (tagged) {
    await writeContact(contact, tagged, {
      actor,
      extra: [
        { item: dealPut(before, after), conflict: new Conflict(pipelineMessagesPtBR.changedMeanwhile) },
        ...extra.map((item) => ({ item })),
      ],
    });
  } else {
    await writeDeal(before, after, extra);
  }
  if (activity) await announceActivity(activity);
  if (entered?.rules.notify_owner) await noticeOwner(after, entered.name);
}
