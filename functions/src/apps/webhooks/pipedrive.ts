import { timingSafeEqual } from 'node:crypto';
import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import * as z from 'zod';
import { readContact, writeContact } from '../../contacts/store.ts';
import { type ContactRecord, settledChannel } from '../../contacts/records.ts';
import { openCredentials } from '../../integrations/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { localIdOf } from '../crm/links.ts';
import { PERSON } from '../crm/sync.ts';
import type { AppRecord } from '../records.ts';
import type { WebhookAnswer } from './shopify.ts';

/** The user name of the Basic credentials Pipedrive sends with its webhooks (the password is sealed). */
export const PIPEDRIVE_WEBHOOK_USER = 'atende';

const contactEntry = z.object({ value: z.string(), primary: z.boolean().optional() });
const person = z.object({
  id: z.number(),
  name: z.string().nullish(),
  email: z.array(contactEntry).nullish(),
  phone: z.array(contactEntry).nullish(),
});

/** Webhooks v1 (`current`, `meta.object`) and v2 (`data`, `meta.entity`) both carry the person. */
const payload = z.object({
  meta: z.object({
    action: z.string(),
    object: z.string().optional(),
    entity: z.string().optional(),
  }),
  current: person.nullish(),
  data: person.nullish(),
});

function authorized(header: string | undefined, password: string): boolean {
  if (!header?.startsWith('Basic ') || !password) return false;
  const given = Buffer.from(header.slice(6), 'base64');
  const expected = Buffer.from(`${PIPEDRIVE_WEBHOOK_USER}:${password}`, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const primary = (entries: z.infer<typeof contactEntry>[] | null | undefined) =>
  (entries?.find((entry) => entry.primary) ?? entries?.[0])?.value?.trim() || undefined;

/**
 * A person edited in Pipedrive updates the contact it mirrors (name, primary e-mail and phone). Persons not
 * linked to a contact are ignored; a value this side refuses (invalid phone) is left as it is here. The write
 * is a contact.updated event like any other, whose push back to Pipedrive changes nothing there.
 */
export async function receivePipedrive(
  app: AppRecord,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<WebhookAnswer> {
  const password = openCredentials(app.credentials, app._id).webhook_password ?? '';
  if (!authorized(headers.authorization, password)) return { statusCode: 401, body: 'unauthorized' };
  let parsed: z.infer<typeof payload>;
  try {
    parsed = payload.parse(JSON.parse(rawBody));
  } catch {
    return { statusCode: 400, body: 'not a webhook' };
  }
  const remote = parsed.current ?? parsed.data;
  const object = parsed.meta.object ?? parsed.meta.entity;
  if (object !== 'person' || !['updated', 'change'].includes(parsed.meta.action) || !remote) {
    return { statusCode: 200, body: 'ignored' };
  }
  const contactId = await localIdOf(app, PERSON, String(remote.id));
  const before = contactId ? await readContact(app.company, contactId) : undefined;
  if (!before) return { statusCode: 200, body: 'unknown person' };
  const name = remote.name?.trim();
  const email = primary(remote.email);
  const phone = primary(remote.phone);
  const next: ContactRecord = {
    ...before,
    ...(name ? { full_name: name.slice(0, 120) } : {}),
    ...(email && z.email().safeParse(normalizeEmail(email)).success ? { email: normalizeEmail(email) } : {}),
    ...(phone && normalizePhone(phone) ? { cel_phone: normalizePhone(phone) } : {}),
  };
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
