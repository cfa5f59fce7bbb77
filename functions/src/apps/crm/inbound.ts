import type { ContactOrigin } from '@atende/shared/domain/contact-origin';
import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import * as z from 'zod';
import { emailClaimKey, phoneClaimKey } from '../../contacts/entities.ts';
import { settledChannel, type ContactRecord } from '../../contacts/records.ts';
import { newContactRecord } from '../../contacts/service.ts';
import { claimOwner, readContact, writeContact } from '../../contacts/store.ts';
import { AppError, Conflict } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { AppRecord } from '../records.ts';
import { localIdOf, saveLink, unlinkRemote } from './links.ts';
import { PERSON } from './sync.ts';

/** A CRM person reduced to what a contact mirrors: the CRM's own shapes are read by each client. */
export interface InboundPerson {
  id: string;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

export type InboundOutcome =
  | 'unknown person'
  | 'unchanged'
  | 'conflict'
  | 'updated'
  | 'already linked'
  | 'no e-mail or phone'
  | 'created'
  | 'linked'
  | 'unlinked';

/** The CRMs whose persons become contacts name the contact's origin after themselves. */
const ORIGINS: Partial<Record<AppRecord['name'], ContactOrigin>> = {
  pipedrive: 'pipedrive',
  agendor: 'agendor',
  nectar: 'nectar',
  salesforce: 'salesforce',
  rdstation: 'rdstation',
};

/** The person's name, e-mail and phone as this side accepts them (invalid values left out). */
function fieldsOf(person: InboundPerson) {
  const email = person.email?.trim();
  const phone = person.phone?.trim();
  const name = person.name?.trim();
  return {
    ...(name ? { full_name: name.slice(0, 120) } : {}),
    ...(email && z.email().safeParse(normalizeEmail(email)).success ? { email: normalizeEmail(email) } : {}),
    ...(phone && normalizePhone(phone) ? { cel_phone: normalizePhone(phone) } : {}),
  };
}

/**
 * A person edited in the CRM updates the contact it mirrors (name, e-mail and phone). Persons not linked to a
 * contact are ignored; a value this side refuses (invalid phone) is left as it is here. The write is a
 * contact.updated event like any other, whose push back to the CRM changes nothing there — and a person whose
 * values already equal the contact's (our own push read back) writes nothing, so no event and no loop.
 */
export async function inboundPersonUpdated(app: AppRecord, remote: InboundPerson): Promise<InboundOutcome> {
  const contactId = await localIdOf(app, PERSON, remote.id);
  const before = contactId ? await readContact(app.company, contactId) : undefined;
  if (!before) return 'unknown person';
  const next: ContactRecord = { ...before, ...fieldsOf(remote) };
  const changed = (['full_name', 'email', 'cel_phone'] as const).filter(
    (field) => next[field] !== before[field],
  );
  if (changed.length === 0) return 'unchanged';
  const after: ContactRecord = { ...next, updated_at: new Date().toISOString() };
  after.channel = settledChannel(after);
  try {
    await writeContact(before, after, { actor: null });
  } catch (error) {
    // Another contact holds the phone or e-mail, or the contact changed meanwhile: logged, nothing forced.
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    logger.warn('crm change not applied', { app: app._id, contact: before._id, error: error.message });
    return 'conflict';
  }
  logger.info('contact updated from the crm', { app: app._id, name: app.name, contact: before._id, changed });
  return 'updated';
}

/**
 * A person added in the CRM becomes a contact here, linked to it. One whose e-mail or phone a contact here
 * already holds (the sync's own person read back before its link was saved, or a customer known on both
 * sides) is linked to that contact instead of making a second one. A person with neither is ignored.
 */
export async function inboundPersonAdded(app: AppRecord, remote: InboundPerson): Promise<InboundOutcome> {
  if (await localIdOf(app, PERSON, remote.id)) return 'already linked';
  const fields = fieldsOf(remote);
  if (!fields.email && !fields.cel_phone) return 'no e-mail or phone';
  const now = new Date().toISOString();
  const record: ContactRecord = {
    ...newContactRecord(app.company, now, null, ORIGINS[app.name] ?? 'unknown'),
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
  await saveLink(app, PERSON, contactId, remote.id);
  logger.info('contact linked to a crm person', {
    app: app._id,
    name: app.name,
    contact: contactId,
    remote: remote.id,
  });
  return contactId === record._id ? 'created' : 'linked';
}

/** A person read by a poll: the linked contact is updated, an unknown person added. */
export async function inboundPerson(app: AppRecord, remote: InboundPerson): Promise<InboundOutcome> {
  return (await localIdOf(app, PERSON, remote.id))
    ? inboundPersonUpdated(app, remote)
    : inboundPersonAdded(app, remote);
}

/**
 * A person deleted in the CRM unlinks its contact: the contact and its conversations stay here (they are the
 * company's service history), and the sync does not create the person there again (the link's tombstone).
 */
export async function inboundPersonDeleted(app: AppRecord, remoteId: string): Promise<InboundOutcome> {
  const contactId = await unlinkRemote(app, PERSON, remoteId);
  if (!contactId) return 'unknown person';
  logger.info('contact unlinked: crm person deleted', { app: app._id, name: app.name, contact: contactId });
  return 'unlinked';
}
