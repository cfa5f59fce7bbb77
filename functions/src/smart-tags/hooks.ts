import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { readContact } from '../contacts/store.ts';
import { logger } from '../lib/logger.ts';
import { publishSmartTagUpdate } from './events.ts';
import { applyMatches, evaluateContacts } from './membership.ts';
import { smartTagCatalogue } from './records.ts';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Re-evaluates one contact against every smart tag of its company: after a create, an update or a removal of
 * the contact, and when a conversation with it opens or closes. A company without smart tags costs one Query.
 * A failure never fails the caller's own write: the next run of the smart tag corrects the membership. Each
 * smart tag the contact joined or left is announced to the open screens.
 */
export async function refreshContactSmartTags(companyId: string, customerId: string): Promise<void> {
  try {
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
  } catch (error) {
    logger.warn('smart tags of a contact not re-evaluated', { companyId, customerId, error: reason(error) });
  }
}
