import { matchesSmartTag, type SmartTagRule } from '@atende/shared/rules/smart-tags';
import * as z from 'zod';
import type { ContactRecord } from '../contacts/records.ts';
import { mapLimited } from '../lib/concurrency.ts';
import { contactFacts, readActivity } from './facts.ts';
import type { SmartTagRecord } from './records.ts';
import { writeCustomerSmartTags } from '../contacts/customer-record.ts';
import { changeMembership, isMember, readMemberships } from './store.ts';

/** Contacts evaluated side by side (each may cost a few activity reads). */
const PARALLEL = 10;

export const ruleOf = (tag: Pick<SmartTagRecord, 'match' | 'conditions'>): SmartTagRule => ({
  match: tag.match,
  conditions: tag.conditions,
});

/** Which of the tags each contact matches at `now` (activity read once per contact, only if a rule needs it). */
export async function evaluateContacts(
  companyId: string,
  tags: readonly SmartTagRecord[],
  contacts: readonly ContactRecord[],
  now: Date,
): Promise<Map<string, Set<string>>> {
  const needs = tags.some((tag) => tag.needs_activity);
  const matched = new Map<string, Set<string>>();
  await mapLimited(contacts, PARALLEL, async (contact) => {
    const activity = needs ? await readActivity(companyId, contact._id) : undefined;
    const facts = contactFacts(contact);
    matched.set(
      contact._id,
      new Set(tags.filter((tag) => matchesSmartTag(ruleOf(tag), facts, activity, now)).map((tag) => tag._id)),
    );
  });
  return matched;
}

const storedIds = z.array(z.string()).catch([]);
const profileSmartTags = (contact: ContactRecord | undefined): string[] =>
  contact ? storedIds.parse((contact as { smart_tags?: unknown }).smart_tags ?? []) : [];

export interface ApplyResult {
  changed: number;
  /** The tags that gained or lost a member. */
  changedTags: Set<string>;
  /** A tag whose rule changed (or that was removed) while this was computed. */
  stale: Set<string>;
}

/**
 * Brings the member items of `tags` in line with `matched` (contact id → matching tag ids; a deleted contact
 * matches nothing), then copies each touched contact's memberships over every tag of the company onto its
 * profile.
 */
export async function applyMatches(
  companyId: string,
  tags: readonly SmartTagRecord[],
  allTagIds: readonly string[],
  subjects: readonly { id: string; contact: ContactRecord | undefined }[],
  matched: ReadonlyMap<string, ReadonlySet<string>>,
  now: Date,
): Promise<ApplyResult> {
  const current = await readMemberships(
    companyId,
    subjects.flatMap((subject) => tags.map((tag) => ({ tagId: tag._id, customerId: subject.id }))),
  );
  const stale = new Set<string>();
  const changedTags = new Set<string>();
  let changed = 0;
  const touched = new Set<string>();
  const at = now.toISOString();
  await mapLimited(subjects, PARALLEL, async ({ id, contact }) => {
    for (const tag of tags) {
      const want = matched.get(id)?.has(tag._id) ?? false;
      if (want === isMember(current, tag._id, id)) continue;
      const outcome = await changeMembership(companyId, tag, id, want, at);
      if (outcome === 'stale') stale.add(tag._id);
      if (outcome === 'changed') {
        changed += 1;
        changedTags.add(tag._id);
      }
      if (outcome !== 'stale') touched.add(id);
    }
    const shown = profileSmartTags(contact);
    if (contact && tags.some((tag) => shown.includes(tag._id) !== (matched.get(id)?.has(tag._id) ?? false)))
      touched.add(id);
  });
  const living = subjects.filter((subject) => subject.contact && touched.has(subject.id));
  await syncProfiles(
    companyId,
    allTagIds,
    living.map((subject) => subject.id),
  );
  return { changed, changedTags, stale };
}

/** Copies each contact's memberships over every smart tag of the company onto its profile. */
export async function syncProfiles(
  companyId: string,
  allTagIds: readonly string[],
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  const memberships = await readMemberships(
    companyId,
    customerIds.flatMap((customerId) => allTagIds.map((tagId) => ({ tagId, customerId }))),
  );
  await mapLimited(customerIds, PARALLEL, (customerId) =>
    writeCustomerSmartTags(
      companyId,
      customerId,
      allTagIds.filter((tagId) => isMember(memberships, tagId, customerId)),
    ),
  );
}
