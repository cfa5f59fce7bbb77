import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import * as z from 'zod';
import { emailClaimKey, phoneClaimKey } from '../../contacts/entities.ts';
import { settledChannel, type ContactRecord } from '../../contacts/records.ts';
import { newContactRecord } from '../../contacts/service.ts';
import { claimOwner, readContact, writeContact } from '../../contacts/store.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { localIdOf, saveLink, unlinkRemote } from '../crm/links.ts';
import { PERSON } from '../crm/sync.ts';
import type { AppRecord } from '../records.ts';
import type { WebhookAnswer } from './shopify.ts';

const contactEntry = z.object({ value: z.string(), primary: z.boolean().optional() });
export const pipedrivePerson = z.object({
  id: z.number(),
  name: z.string().nullish(),
  email: z.array(contactEntry).nullish(),
  phone: z.array(contactEntry).nullish(),
});
type Person = z.infer<typeof pipedrivePerson>;

const primary = (entries: z.infer<typeof contactEntry>[] | null | undefined) =>
  (entries?.find((entry) => entry.primary) ?? entries?.[0])?.value?.trim() || undefined;

/** The person's name, primary e-mail and phone as this side accepts them (invalid values left out). */
function fieldsOf(person: Person) {
  const email = primary(person.email);
  const phone = primary(person.phone);
  const name = person.name?.trim();
  return {
    ...(name ? { full_name: name.slice(0, 120) } : {}),
    ...(email && z.email().safeParse(normalizeEmail(email)).success ? { email: normalizeEmail(email) } : {}),
    ...(phone && normalizePhone(phone) ? { cel_phone: normalizePhone(phone) } : {}),
  };
}

/**
 * A person edited in Pipedrive updates the contact it mirrors (name, primary e-mail and phone). Persons not
 * linked to a contact are ignored; a value this side refuses (invalid phone) is left as it is here. The write
 * is a contact.updated event like any other, whose push back to Pipedrive changes nothing there.
 */
export async function personUpdated(app: AppRecord, remote: Person): Promise<WebhookAnswer> {
  const contactId = await localIdOf(app, PERSON, String(remote.id));
  const before = contactId ? await readContact(app.company, contactId) : undefined;
  if (!before) return { statusCode: 200, body: 'unknown person' };
  const next: ContactRecord = { ...before, ...fieldsOf(remote) };
  const changed = (['full_name', 'email', 'cel_phone'] as const).filter(
    (field) => next[field] !== before[field],
  );
  if (changed.length === 0) return { statusCode: 200, body: 'unchanged' };
  const after: ContactRecord = { ...next, updated_at: new Date().toISOString() };
  after.channel = settledChannel(after);
  try {
    await writeContact(before, after, { actor: null });
  } catch (error) {
    // Another contact holds the phone or e-mail, or the contact changed meanwhile: logged, nothing forced.
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    logger.warn('pipedrive change not applied', { app: app._id, contact: before._id, error: error.message });
    return { statusCode: 200, body: 'conflict' };
  }
  logger.info('contact updated from pipedrive', { app: app._id, contact: before._id, changed });
  return { statusCode: 200, body: 'updated' };
}

/**
 * A person added in Pipedrive becomes a contact here, linked to it. One whose e-mail or phone a contact here
 * already holds (the sync's own person echoing back before its link was saved, or a customer known on both
 * sides) is linked to that contact instead of making a second one. A person with neither is ignored.
 */
export async function personAdded(app: AppRecord, remote: Person): Promise<WebhookAnswer> {
  const remoteId = String(remote.id);
  if (await localIdOf(app, PERSON, remoteId)) return { statusCode: 200, body: 'already linked' };
  const fields = fieldsOf(remote);
  if (!fields.email && !fields.cel_phone) return { statusCode: 200, body: 'no e-mail or phone' };
  const now = new Date().toISOString();
  const record: ContactRecord = {
    ...newContactRecord(app.company, now, null, 'pipedrive'),
    full_name: fields.full_name ?? fields.email ?? fields.cel_phone ?? '',
    ...fields,
  };
  record.channel = settledChannel(record);
  let contactId = record._id;
  try {
    await writeContact(undefined, record, { actor: null });
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    const owner =
      (fields.email ? await claimOwner(emailClaimKey(app.company, fields.email)) : undefined) ??
      (fields.cel_phone ? await claimOwner(phoneClaimKey(app.company, fields.cel_phone)) : undefined);
    if (!owner) throw error;
    contactId = owner;
  }
  await saveLink(app, PERSON, contactId, remoteId);
  logger.info('contact linked to a pipedrive person', { app: app._id, contact: contactId, remote: remoteId });
  return { statusCode: 200, body: contactId === record._id ? 'created' : 'linked' };
}

/**
 * A person deleted in Pipedrive unlinks its contact: the contact and its conversations stay here (they are the
 * company's service history), and the sync does not recreate the person there.
 */
export async function personDeleted(app: AppRecord, remoteId: number): Promise<WebhookAnswer> {
  const contactId = await unlinkRemote(app, PERSON, String(remoteId));
  if (!contactId) return { statusCode: 200, body: 'unknown person' };
  logger.info('contact unlinked: pipedrive person deleted', { app: app._id, contact: contactId });
  return { statusCode: 200, body: 'unlinked' };
}
