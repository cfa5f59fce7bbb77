import { getCatalogueItem, listCatalogue } from '../lib/dynamo/catalogue.ts';
import { customerEntity } from '../contacts/entities.ts';
import { countQuery } from '../lib/dynamo/query.ts';
import { progressPublisher } from './events.ts';
import { applyMatches, evaluateContacts, syncProfiles } from './membership.ts';
import { type SmartTagRecord, smartTagCatalogue } from './records.ts';
import { enqueueRefresh, type RefreshMessage } from './queue.ts';
import { changeMembership, checkpoint, listMemberIds, missingContacts, purgeMembers } from './store.ts';

/** Contacts per checkpoint. */
export const PAGE_CONTACTS = 100;
/** Stop taking pages when less than this is left of the Lambda's time; a continuation message goes on. */
const SAFETY_MS = 60_000;

export const countContacts = (companyId: string): Promise<number> =>
  countQuery(customerEntity.indexQuery('all', [companyId]));

/** One page of the company's contacts by name, from a cursor of the same list. */
export async function contactsPage(companyId: string, cursor: string | null, limit: number) {
  const page = await customerEntity.queryPage(
    'all',
    [companyId],
    { Limit: limit },
    { companyId, cursor: cursor ?? undefined },
  );
  return { contacts: page.items.map((item) => customerEntity.parse(item)), next: page.nextCursor };
}

/** Members whose contact was removed behind the hooks' back leave the smart tag. */
async function sweepRemoved(companyId: string, tag: SmartTagRecord, now: Date): Promise<boolean> {
  let cursor: string | undefined;
  do {
    const page = await listMemberIds(companyId, tag._id, cursor, PAGE_CONTACTS);
    for (const id of await missingContacts(companyId, page.ids)) {
      if ((await changeMembership(companyId, tag, id, false, now.toISOString())) === 'stale') return false;
    }
    cursor = page.next ?? undefined;
  } while (cursor);
  return true;
}

export interface RunOptions {
  /** The Lambda's time left. */
  remainingMs?: () => number;
  /** The clock the rules are evaluated at. */
  now?: () => Date;
  pageSize?: number;
}

export type RunOutcome = 'done' | 'continued' | 'skipped' | 'superseded';

/**
 * Recomputes a smart tag's members from its checkpoint: page by page over every contact of the company, each
 * page's membership changes written, then the checkpoint moved (conditioned on the run, so an edit stops an
 * older run). A redelivered message resumes from the checkpoint; changes already made are no-ops.
 */
export async function runRefresh(
  message: Extract<RefreshMessage, { kind: 'refresh' }>,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const {
    remainingMs = () => Number.POSITIVE_INFINITY,
    now = () => new Date(),
    pageSize = PAGE_CONTACTS,
  } = options;
  const { companyId, smartTagId, run } = message;
  const tag = await getCatalogueItem(smartTagCatalogue, companyId, smartTagId);
  if (!tag || tag.run !== run || tag.status === 'ready' || tag.status === 'failed') return 'skipped';
  const allTagIds = (await listCatalogue(smartTagCatalogue, companyId)).map((entry) => entry._id);
  const publish = progressPublisher(companyId, tag._id);
  let { processed, cursor } = tag;
  if (tag.status === 'pending') {
    const total = await countContacts(companyId);
    const started = await checkpoint(
      companyId,
      tag._id,
      run,
      { cursor: null, processed: 0, total, status: 'running' },
      '',
    );
    if (!started) return 'superseded';
    await publish({ status: 'running', members_count: started.membersCount });
    processed = 0;
    cursor = null;
  }
  do {
    if (remainingMs() < SAFETY_MS) {
      await enqueueRefresh(message);
      return 'continued';
    }
    const at = now();
    const page = await contactsPage(companyId, cursor, pageSize);
    const matched = await evaluateContacts(companyId, [tag], page.contacts, at);
    const subjects = page.contacts.map((contact) => ({ id: contact._id, contact }));
    const result = await applyMatches(companyId, [tag], allTagIds, subjects, matched, at);
    if (result.stale.size > 0) return 'superseded';
    processed += page.contacts.length;
    cursor = page.next;
    const moved = await checkpoint(companyId, tag._id, run, { cursor, processed, status: 'running' }, '');
    if (!moved) return 'superseded';
    await publish({ status: 'running', members_count: moved.membersCount });
  } while (cursor);
  if (!(await sweepRemoved(companyId, tag, now()))) return 'superseded';
  const finished = await checkpoint(
    companyId,
    tag._id,
    run,
    { cursor: null, processed, status: 'ready' },
    now().toISOString(),
  );
  if (!finished) return 'superseded';
  await publish({ status: 'ready', members_count: finished.membersCount }, true);
  return 'done';
}

/** A removed smart tag: its member items go, and its id leaves the contacts' profiles. */
export async function runPurge(companyId: string, smartTagId: string): Promise<number> {
  if (await getCatalogueItem(smartTagCatalogue, companyId, smartTagId)) return 0;
  const removed = await purgeMembers(companyId, smartTagId);
  const allTagIds = (await listCatalogue(smartTagCatalogue, companyId)).map((entry) => entry._id);
  await syncProfiles(companyId, allTagIds, removed);
  return removed.length;
}
