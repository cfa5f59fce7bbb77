import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import type { AudienceSpec, ExclusionReason } from '@atende/shared/contracts/campaigns/campaign-fields';
import { normalizePhone } from '@atende/shared/rules/phone';
import { contactsWith } from '../contacts/members.ts';
import type { ContactRecord } from '../contacts/records.ts';
import { customerEntity } from '../contacts/entities.ts';
import { readContacts } from '../contacts/store.ts';
import { listMemberIds } from '../smart-tags/store.ts';
import { readAudienceList } from './audience-lists.ts';
import { readCsvRows } from './csv-audience-rows.ts';
import { contactsWithField } from './field-index.ts';

const DAY_MS = 86_400_000;
const SMART_TAG_PAGE = 500;

async function smartTagMembers(companyId: string, smartTagId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMemberIds(companyId, smartTagId, cursor, SMART_TAG_PAGE);
    ids.push(...page.ids);
    cursor = page.next ?? undefined;
  } while (cursor);
  return ids;
}

type FieldFilters = NonNullable<AudienceSpec['custom_fields']>;

const matchesFields = (contact: ContactRecord, filters: FieldFilters | undefined) =>
  (filters ?? []).every(({ key, value }) => String(contact.custom_fields[key] ?? '') === value);

/**
 * Contacts whose custom fields may match, read from the custom-field index by the first filter that names a
 * value (resolveAudience matches every filter on the current fields). Only filters that all ask for an empty
 * field (contacts lacking it) read the company's contacts, filtered.
 */
async function contactsMatching(companyId: string, filters: FieldFilters): Promise<string[]> {
  const indexed = filters.find(({ value }) => value !== '');
  if (indexed) return (await contactsWithField(companyId, indexed.key, indexed.value)) ?? [];
  const names: Record<string, string> = { '#cf': 'custom_fields' };
  const values: Record<string, unknown> = {};
  const conditions = filters.map(({ key, value }, index) => {
    names[`#k${index}`] = key;
    values[`:v${index}`] = value;
    return `(attribute_not_exists(#cf.#k${index}) OR #cf.#k${index} = :v${index})`;
  });
  const ids: string[] = [];
  for await (const page of customerEntity.queryPages('all', [companyId], {
    FilterExpression: conditions.join(' AND '),
    ProjectionExpression: '#id',
    ExpressionAttributeNames: { ...names, '#id': '_id' },
    ExpressionAttributeValues: values,
  })) {
    for (const item of page.items) if (typeof item._id === 'string') ids.push(item._id);
  }
  return ids;
}

const hasSource = (audience: AudienceSpec) =>
  Boolean(
    audience.tags?.length ||
    audience.smart_tag ||
    audience.wallet ||
    audience.audience_list ||
    audience.contacts?.length,
  );

/** Contact ids the audience names, each once, in the order first named (tags, smart tag, wallet, list, contacts). */
export async function audienceContactIds(companyId: string, audience: AudienceSpec): Promise<string[]> {
  if (!hasSource(audience) && audience.custom_fields?.length) {
    return contactsMatching(companyId, audience.custom_fields);
  }
  const ids = new Set<string>();
  const add = (list: readonly string[]) => {
    for (const id of list) ids.add(id);
  };
  for (const tag of audience.tags ?? []) add(await contactsWith(companyId, 'tag', tag));
  if (audience.smart_tag) add(await smartTagMembers(companyId, audience.smart_tag));
  if (audience.wallet) add(await contactsWith(companyId, 'wallet', audience.wallet));
  if (audience.audience_list) {
    const list = await readAudienceList(companyId, audience.audience_list);
    if (list?.csv) add((await readCsvRows(companyId, list._id)).map((row) => row.contact));
    else if (list) add(await audienceContactIds(companyId, list.audience));
  }
  add(audience.contacts ?? []);
  return [...ids];
}

/** Under consent (the contact's legal basis, or the company's when the contact has none) WhatsApp needs an opt-in. */
function lacksOptIn(contact: ContactRecord, settings: CompanySettingsDocument): boolean {
  const basis =
    contact.data_protection.legal_basis === 'none'
      ? settings.dataProtection.legal_basis
      : contact.data_protection.legal_basis;
  if (basis !== 'consent') return false;
  return !contact.data_protection.channels.some(
    (entry) => entry.channel === 'whatsapp' && entry.status === 'opt_in',
  );
}

const lastInteraction = (contact: ContactRecord): number => {
  const record = contact as Record<string, unknown>;
  const times = Object.entries(record)
    .filter(([key, value]) => key.startsWith('last_interaction') && typeof value === 'string')
    .map(([, value]) => Date.parse(value as string))
    .filter((time) => Number.isFinite(time));
  const created = Date.parse(contact.created_at);
  return Math.max(...times, Number.isFinite(created) ? created : 0);
};

/** "Block disengaged contacts": no interaction (nor creation) within the setting's days. */
function disengaged(contact: ContactRecord, settings: CompanySettingsDocument, now: Date): boolean {
  const { enabled, afterDays } = settings.blockDisengagedContacts;
  return enabled && now.getTime() - lastInteraction(contact) > afterDays * DAY_MS;
}

export interface ResolvedRecipient {
  contact: ContactRecord;
  /** E.164 without the plus: what WhatsApp calls the recipient. */
  phone: string | null;
  reason: ExclusionReason | null;
}

/**
 * Each contact of the audience with the reason it is excluded, if any: blacklist, no opt-in under consent,
 * disengaged (when the setting is on), invalid or missing phone, or a phone already taken by an earlier
 * contact of the same audience (duplicate). The first applicable reason is the one counted.
 */
export async function resolveAudience(
  companyId: string,
  audience: AudienceSpec,
  settings: CompanySettingsDocument,
  now = new Date(),
): Promise<ResolvedRecipient[]> {
  const contacts = (await readContacts(companyId, await audienceContactIds(companyId, audience))).filter(
    (contact) => matchesFields(contact, audience.custom_fields),
  );
  const phones = new Set<string>();
  return contacts.map((contact) => {
    const e164 = contact.cel_phone ? normalizePhone(contact.cel_phone) : undefined;
    const phone = e164 ? e164.slice(1) : null;
    let reason: ExclusionReason | null = null;
    if (contact.blacklisted) reason = 'blacklist';
    else if (lacksOptIn(contact, settings)) reason = 'no_opt_in';
    else if (disengaged(contact, settings, now)) reason = 'disengaged';
    else if (!phone) reason = 'invalid_phone';
    else if (phones.has(phone)) reason = 'duplicate';
    if (phone && reason === null) phones.add(phone);
    return { contact, phone, reason };
  });
}

export function tally(recipients: readonly ResolvedRecipient[]) {
  const excludedBy: Partial<Record<ExclusionReason, number>> = {};
  for (const { reason } of recipients) if (reason) excludedBy[reason] = (excludedBy[reason] ?? 0) + 1;
  const excluded = Object.values(excludedBy).reduce((sum, value) => sum + value, 0);
  return { total: recipients.length, excluded, eligible: recipients.length - excluded, excludedBy };
}
