import { listCatalogue } from '../contacts/catalogue.ts';
import { readContact } from '../contacts/store.ts';
import { logger } from '../lib/logger.ts';
import { applyMatches, evaluateContacts } from './membership.ts';
import { smartTagCatalogue } from './records.ts';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Re-evaluates one contact against every smart tag of its company: after a create, an update or a removal of
 * the contact, and when a conversation with it opens or closes. A company without smart tags costs one Query.
 * A failure never fails the caller's own write: the next run of the smart tag corrects the membership.
 */
export async function refreshContactSmartTags(companyId: string, customerId: string): Promise<void> {
  try {
    const tags = await listCatalogue(smartTagCatalogue, companyId);
    if (tags.length === 0) return;
    const contact = await readContact(companyId, customerId);
    const now = new Date();
    const matched = contact ? await evaluateContacts(companyId, tags, [contact], now) : new Map();
    const ids = tags.map((tag) => tag._id);
    await applyMatches(companyId, tags, ids, [{ id: customerId, contact }], matched, now);
  } catch (error) {
    logger.warn('smart tags of a contact not re-evaluated', { companyId, customerId, error: reason(error) });
  }
}
