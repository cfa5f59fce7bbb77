import type { ContactOrigin } from '@atende/shared/domain/contact-origin';
import type { createContactBody } from '@atende/shared/contracts/contacts/create-contact';
import type { listContactsQuery } from '@atende/shared/contracts/contacts/list-contacts';
import type { updateContactBody } from '@atende/shared/contracts/contacts/update-contact';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { missingRequired } from '../custom-fields/values.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { publishWalletRefresh } from '../wallets/events.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { auditActor } from '../audit/store.ts';
import { contactAudit } from './audit.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { checkContactInput, type ContactInput, type InputContext } from './input.ts';
import type { ContactRecord } from './records.ts';
import { settledChannel, toContactView } from './records.ts';
import { type ContactScope, loadScope, mayManage } from './scope.ts';
import { searchContacts } from './search.ts';
import { readContact, writeContact } from './store.ts';

export async function inputContext(companyId: string, scope?: ContactScope): Promise<InputContext> {
  const [tags, customFields] = await Promise.all([
    listCatalogue(tagCatalogue, companyId),
    listCatalogue(customFieldCatalogue, companyId),
  ]);
  const wallets = scope ? [...scope.wallets.keys()] : [];
  return { tags: new Set(tags.map((tag) => tag._id)), wallets: new Set(wallets), customFields };
}

function checked(input: ContactInput, context: InputContext) {
  const result = checkContactInput(input, context);
  if (!result.ok) throw new Invalid(result.field, `Campo inválido: ${result.field}: ${result.message}`);
  return result.fields;
}

/** Non-admins limited to their wallets may only place contacts in their own wallets. */
function requireWalletAllowed(scope: ContactScope, wallet: string | null | undefined): void {
  if (!scope.limited || wallet === undefined) return;
  if (wallet === null || !scope.own.has(wallet)) throw new Forbidden(contactsPtBR.outsideWallet);
}

function requireCustomRequired(context: InputContext, record: ContactRecord): void {
  const [missing] = missingRequired(context.customFields, record.custom_fields);
  if (missing) {
    const field = `custom_fields.${missing.key}`;
    throw new Invalid(field, `Campo inválido: ${field}: ${formsPtBR.requiredField}`);
  }
}

/** Applies checked fields to a record: null removes the phone or e-mail. */
export function applyFields(
  record: ContactRecord,
  fields: ReturnType<typeof checked>,
  now: string,
): ContactRecord {
  const { cel_phone, email, ...rest } = fields;
  const next: ContactRecord = { ...record, ...rest, updated_at: now };
  if (cel_phone === null) delete next.cel_phone;
  else if (cel_phone !== undefined) next.cel_phone = cel_phone;
  if (email === null) delete next.email;
  else if (email !== undefined) next.email = email;
  next.channel = settledChannel(next);
  return next;
}

export function newContactRecord(
  companyId: string,
  now: string,
  createdBy: string | null,
  origin: ContactOrigin,
): ContactRecord {
  return {
    _id: newObjectId(),
    full_name: '',
    channel: 'invalid',
    company: companyId,
    channel_metadata: {},
    tags: [],
    smart_tags: [],
    wallet: null,
    custom_fields: {},
    data_protection: { legal_basis: 'none', channels: [] },
    blacklisted: false,
    created_at: now,
    updated_at: now,
    version: 0,
    created_by: createdBy,
    origin,
  };
}

export async function createContact(auth: AuthContext, body: z.infer<typeof createContactBody>) {
  const scope = await loadScope(auth);
  const context = await inputContext(auth.companyId, scope);
  const fields = checked(body, context);
  requireWalletAllowed(scope, fields.wallet);
  const now = new Date().toISOString();
  const record = applyFields(
    // An integrator's API key creates through the same route as the contacts screen.
    newContactRecord(auth.companyId, now, auth.employeeId, auth.apiKey ? 'api' : 'manual'),
    fields,
    now,
  );
  requireCustomRequired(context, record);
  const actor = await auditActor(auth);
  await writeContact(undefined, record, {
    actor: auth.employeeId,
    extra: [{ item: contactAudit(auth.companyId, actor, 'create', undefined, record) }],
  });
  if (record.wallet) await publishWalletRefresh(auth.companyId, 'update_customers_count');
  return toContactView({ ...record, version: 1 }, scope.mask);
}

/** A contact the caller may manage; another company's, or one outside the caller's wallets, is not found. */
export async function visibleContact(scope: ContactScope, id: string): Promise<ContactRecord> {
  const record = await readContact(scope.auth.companyId, id);
  if (!record || !mayManage(scope, record)) throw new NotFound(contactsPtBR.notFound);
  return record;
}

export async function getContact(auth: AuthContext, id: string) {
  const scope = await loadScope(auth);
  return toContactView(await visibleContact(scope, id), scope.mask);
}

export async function updateContact(auth: AuthContext, id: string, body: z.infer<typeof updateContactBody>) {
  const scope = await loadScope(auth);
  const before = await visibleContact(scope, id);
  const context = await inputContext(auth.companyId, scope);
  // A masked viewer sends back what it was shown: those fields are left as they are.
  const input = { ...body };
  if (scope.mask !== 'none') {
    delete input.cel_phone;
    delete input.email;
  }
  const fields = checked(input, context);
  requireWalletAllowed(scope, fields.wallet);
  const after = applyFields(before, fields, new Date().toISOString());
  if (body.custom_fields !== undefined) {
    after.custom_fields = { ...before.custom_fields, ...fields.custom_fields };
    requireCustomRequired(context, after);
  }
  const actor = await auditActor(auth);
  await writeContact(before, after, {
    actor: auth.employeeId,
    extra: [{ item: contactAudit(auth.companyId, actor, 'update', before, after) }],
  });
  if (before.wallet !== after.wallet) await publishWalletRefresh(auth.companyId, 'update_customers_count');
  return toContactView({ ...after, version: before.version + 1 }, scope.mask);
}

export async function deleteContact(auth: AuthContext, id: string) {
  const scope = await loadScope(auth);
  const before = await visibleContact(scope, id);
  const actor = await auditActor(auth);
  await writeContact(before, undefined, {
    actor: auth.employeeId,
    extra: [{ item: contactAudit(auth.companyId, actor, 'delete', before, undefined) }],
  });
  if (before.wallet) await publishWalletRefresh(auth.companyId, 'update_customers_count');
  return { deleted: id };
}

export async function listContacts(auth: AuthContext, query: z.infer<typeof listContactsQuery>) {
  const scope = await loadScope(auth);
  // Spec point 6: an operator browses contacts wallet by wallet only with contacts:wallet_view.
  if (query.wallet && auth.role === 'operator' && scope.permissions['contacts:wallet_view'] !== true) {
    throw new Forbidden(contactsPtBR.walletViewDenied);
  }
  if (query.wallet && scope.limited && !scope.own.has(query.wallet)) {
    return { contacts: [], next_cursor: null };
  }
  const page = await searchContacts(
    scope,
    { search: query.search, tags: query.tags, wallet: query.wallet, smartTag: query.smart_tag },
    query.cursor,
    query.limit,
  );
  return {
    contacts: page.contacts.map((record) => toContactView(record, scope.mask)),
    next_cursor: page.next_cursor,
  };
}
