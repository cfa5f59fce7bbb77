import type { listSmartTagContactsQuery } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import type { previewSmartTagBody } from '@atende/shared/contracts/smart-tags/preview-smart-tag';
import type { smartTagBody, smartTagPatch, SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { smartTagMessagesPtBR } from '@atende/shared/i18n/pt-BR';
import {
  isTimeRelative,
  needsActivity,
  type SmartTagCondition,
  type SmartTagRule,
} from '@atende/shared/rules/smart-tags';
import type { z } from 'zod';
import { listCatalogue, requireCatalogueItem, writeCatalogueItem } from '../lib/dynamo/catalogue.ts';
import { toContactView } from '../contacts/records.ts';
import { loadScope } from '../contacts/scope.ts';
import { readContacts } from '../contacts/store.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';
import { publishSmartTagUpdate } from './events.ts';
import { smartTagKeys } from './keys.ts';
import { evaluateContacts } from './membership.ts';
import { enqueueRefresh } from './queue.ts';
import { type SmartTagRecord, smartTagCatalogue, smartTagLabelCatalogue, toSmartTagView } from './records.ts';
import { contactsPage } from './refresh.ts';
import { listMemberIds } from './store.ts';

const m = smartTagMessagesPtBR;

/** Contacts a preview evaluates at most (fewer when the rule reads conversations, which costs reads). */
export const PREVIEW_LIMIT = 2000;
export const PREVIEW_ACTIVITY_LIMIT = 300;

const invalid = (field: string, message: string) =>
  new Invalid(field, `Campo inválido: ${field}: ${message}`);

/** Conditions naming a tag, a wallet or a custom field the company does not have are refused (400). */
async function checkReferences(companyId: string, conditions: readonly SmartTagCondition[]): Promise<void> {
  const uses = (field: SmartTagCondition['field']) =>
    conditions.some((condition) => condition.field === field && condition.value !== undefined);
  const [tags, wallets, customFields] = await Promise.all([
    uses('tags') ? listCatalogue(tagCatalogue, companyId) : [],
    uses('wallet') ? listCatalogue(walletCatalogue, companyId) : [],
    conditions.some((condition) => condition.field === 'custom_field')
      ? listCatalogue(customFieldCatalogue, companyId)
      : [],
  ]);
  const tagIds = new Set(tags.map((tag) => tag._id));
  const walletIds = new Set(wallets.map((wallet) => wallet._id));
  const keys = new Set(customFields.map((field) => field.key));
  conditions.forEach((condition, index) => {
    const value = String(condition.value ?? '');
    if (condition.field === 'tags' && condition.value !== undefined && !tagIds.has(value))
      throw invalid(`conditions.${index}.value`, m.tagNotFound);
    if (condition.field === 'wallet' && condition.value !== undefined && !walletIds.has(value))
      throw invalid(`conditions.${index}.value`, m.walletNotFound);
    if (condition.field === 'custom_field' && !keys.has(condition.key ?? ''))
      throw invalid(`conditions.${index}.key`, m.customFieldUnknown);
  });
}

const ruleAttributes = (rule: SmartTagRule) => ({
  match: rule.match,
  conditions: [...rule.conditions],
  time_based: isTimeRelative(rule),
  needs_activity: needsActivity(rule),
});

/** A fresh run from the start: pending until the consumer picks it up. */
const freshRun = () => ({
  run: newObjectId(),
  status: 'pending' as const,
  processed: 0,
  total: 0,
  cursor: null,
});

/** Other admins' open screens pick up a smart tag created, renamed or re-ruled here. */
const announce = (companyId: string, tag: SmartTagRecord) =>
  publishSmartTagUpdate(companyId, {
    smart_tag: tag._id,
    action: 'status',
    status: tag.status,
    members_count: tag.members_count,
  });

export async function listSmartTags(auth: AuthContext) {
  const tags = await listCatalogue(smartTagCatalogue, auth.companyId);
  return {
    smart_tags: tags.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map(toSmartTagView),
  };
}

export async function getSmartTag(auth: AuthContext, id: string): Promise<SmartTagView> {
  return toSmartTagView(await requireCatalogueItem(smartTagCatalogue, auth.companyId, id));
}

export async function createSmartTag(
  auth: AuthContext,
  body: z.infer<typeof smartTagBody>,
): Promise<SmartTagView> {
  await checkReferences(auth.companyId, body.conditions);
  const now = new Date().toISOString();
  const id = newObjectId();
  const record: SmartTagRecord = {
    _id: id,
    name: body.name,
    color: body.color.toLowerCase(),
    ...ruleAttributes(body),
    rule_version: 1,
    ...freshRun(),
    members_count: 0,
    refreshed_at: null,
    created_at: now,
    updated_at: now,
    ...smartTagKeys.daily(auth.companyId, id),
  };
  await writeCatalogueItem(smartTagCatalogue, auth.companyId, undefined, record);
  await enqueueRefresh({ kind: 'refresh', companyId: auth.companyId, smartTagId: id, run: record.run });
  await announce(auth.companyId, record);
  return toSmartTagView(record);
}

/** Conditions compared by content (a stored map's attribute order is not kept). */
const canonical = (conditions: readonly SmartTagCondition[]) =>
  JSON.stringify(conditions.map((c) => [c.field, c.operator, c.key ?? null, c.value ?? null]));

const sameRule = (before: SmartTagRecord, rule: SmartTagRule) =>
  before.match === rule.match && canonical(before.conditions) === canonical(rule.conditions);

/** A new name or colour is saved as is; a new rule sends the smart tag back to pending for a recomputation. */
export async function updateSmartTag(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof smartTagPatch>,
): Promise<SmartTagView> {
  const before = await requireCatalogueItem(smartTagCatalogue, auth.companyId, id);
  const rule: SmartTagRule = {
    match: body.match ?? before.match,
    conditions: body.conditions ?? before.conditions,
  };
  const labels = {
    name: body.name ?? before.name,
    color: (body.color ?? before.color).toLowerCase(),
    updated_at: new Date().toISOString(),
  };
  if (sameRule(before, rule)) {
    const after = { ...before, ...labels };
    await writeCatalogueItem(smartTagLabelCatalogue, auth.companyId, before, after);
    await announce(auth.companyId, after);
    return toSmartTagView(after);
  }
  if (body.conditions) await checkReferences(auth.companyId, body.conditions);
  const after: SmartTagRecord = {
    ...before,
    ...labels,
    ...ruleAttributes(rule),
    rule_version: before.rule_version + 1,
    ...freshRun(),
  };
  await writeCatalogueItem(smartTagCatalogue, auth.companyId, before, after);
  await enqueueRefresh({ kind: 'refresh', companyId: auth.companyId, smartTagId: id, run: after.run });
  await announce(auth.companyId, after);
  return toSmartTagView(after);
}

/** The smart tag goes at once; its member items are cleared in the background. */
export async function deleteSmartTag(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(smartTagCatalogue, auth.companyId, id);
  await writeCatalogueItem(smartTagCatalogue, auth.companyId, before, undefined);
  await enqueueRefresh({ kind: 'purge', companyId: auth.companyId, smartTagId: id });
  await publishSmartTagUpdate(auth.companyId, { smart_tag: id, action: 'status' });
  return { deleted: id };
}

export async function listSmartTagContacts(
  auth: AuthContext,
  id: string,
  query: z.infer<typeof listSmartTagContactsQuery>,
) {
  await requireCatalogueItem(smartTagCatalogue, auth.companyId, id);
  const [scope, page] = await Promise.all([
    loadScope(auth),
    listMemberIds(auth.companyId, id, query.cursor, query.limit),
  ]);
  const contacts = await readContacts(auth.companyId, page.ids);
  return {
    contacts: contacts.map((record) => toContactView(record, scope.mask)),
    next_cursor: page.next,
  };
}

/** Counts the contacts a draft rule matches, over the whole base or its first contacts when it is large. */
export async function previewSmartTag(auth: AuthContext, body: z.infer<typeof previewSmartTagBody>) {
  await checkReferences(auth.companyId, body.conditions);
  const draft: SmartTagRecord = {
    _id: 'preview',
    name: '',
    color: '',
    ...ruleAttributes(body),
    rule_version: 0,
    ...freshRun(),
    members_count: 0,
    refreshed_at: null,
    created_at: '',
    updated_at: '',
    gsi3pk: '',
    gsi3sk: '',
  };
  const limit = draft.needs_activity ? PREVIEW_ACTIVITY_LIMIT : PREVIEW_LIMIT;
  const now = new Date();
  let matched = 0;
  let scanned = 0;
  let cursor: string | null = null;
  do {
    const page = await contactsPage(auth.companyId, cursor, Math.min(500, limit - scanned));
    const result = await evaluateContacts(auth.companyId, [draft], page.contacts, now);
    matched += [...result.values()].filter((tags) => tags.size > 0).length;
    scanned += page.contacts.length;
    cursor = page.next;
  } while (cursor && scanned < limit);
  return { matched, scanned, complete: cursor === null };
}
