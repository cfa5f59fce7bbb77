import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { readContact } from '../contacts/store.ts';
import { publishSmartTagUpdate } from './events.ts';
import { applyMatches, evaluateContacts } from './membership.ts';
import { smartTagCatalogue } from './records.ts';

/**
 * Re-evaluates one contact against every smart tag of its company, from the contact's current state: the
 * reaction to a contact created, updated or deleted and to a conversation with it opening or closing (the
 * smart-tags event consumer). A company without smart tags costs one Query. Each smart tag the contact joined
 * or left is announced to the open screens. A failure is raised, so the event is redelivered.
 */
export async function refreshContactSmartTags(companyId: string, customerId: string): Promise<void> {
  const tags = await listCatalogue(smartTagCatalogue, companyId);
  if (tags.length === 0) return;
  const contact = await readContact(companyId, customerId);
  const now = new Date();
  const matched = contact ? await evaluateContacts(companyId, tags, [contact], now) : new Map();
  const ids = tags.map((tag) => tag._id);
  const { changedTags } = await applyMatches(
    companyId,
    tags,
    ids,
    [{ id: customerId, contact }],
    matched,
    now,
  );
  // One contact moves at most one member per smart tag, so a frame per changed smart tag stays small.
  await Promise.all(
    [...changedTags].map((smartTag) =>
      publishSmartTagUpdate(companyId, { smart_tag: smartTag, action: 'members' }),
    ),
  );
}
