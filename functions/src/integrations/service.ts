import { randomBytes } from 'node:crypto';
import type {
  CreateIntegrationBody,
  IntegrationView,
  UpdateIntegrationBody,
} from '@atende/shared/contracts/integrations/views';
import { integrationKey } from '@atende/shared/domain/integrations';
import { newObjectId } from '@atende/shared/domain/object-id';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { channelHealth } from '@atende/shared/rules/statuses';
import { auditActor, auditItem, type AuditActor } from '../audit/store.ts';
import { mailboxChanges, mailboxConflict, mailboxOf } from '../channels/email/mailboxes.ts';
import { changeCompany, type CompanyItem, readCompanyItem, type TransactItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { widgetScriptUrl, widgetSnippet } from './embed.ts';
import { entriesOf, officialTypeAfter, providerEntry, withEntry } from './entries.ts';
import { publishChannelChange } from './events.ts';
import { mailMailboxCode, needsMailboxCode, withPendingMailbox } from './mailbox-verification.ts';
import { COMPANY_MAP } from './keys.ts';
import {
  auditedProvider,
  changedProviderRecord,
  newProviderRecord,
  toProviderView,
  unregisterTelegramWebhook,
} from './provider-service.ts';
import type { IntegrationRecord, WidgetIntegrationRecord } from './records.ts';
import {
  createSessionIntegration,
  listSessionViews,
  updateSessionIfAny,
} from '../channels/whatsapp-session/service.ts';
import {
  forgetIntegration,
  getIntegration,
  integrationDeletes,
  integrationPuts,
  integrationReplace,
  listIntegrations,
} from './store.ts';

/** Connected while the company entry holds an access token (spec point 5) and, for providers, the record says so. */
function connected(company: CompanyItem, record: IntegrationRecord): boolean {
  const entry = entriesOf(company, record)[integrationKey(record._id)];
  return Boolean(entry?.access_token) && (record.type === 'widget' || record.connection);
}

export function toView(record: IntegrationRecord, isConnected: boolean): IntegrationView {
  if (record.type !== 'widget') return { ...toProviderView(record), connection: isConnected };
  const scriptUrl = widgetScriptUrl();
  return {
    _id: record._id,
    type: record.type,
    label: record.label,
    created_at: record.created_at,
    connection: isConnected,
    settings: record.settings,
    embed: { script_url: scriptUrl, snippet: widgetSnippet(scriptUrl, record._id) },
  };
}

const audited = (record: IntegrationRecord) =>
  record.type === 'widget'
    ? { type: record.type, label: record.label, settings: record.settings }
    : auditedProvider(record);

function audit(
  auth: AuthContext,
  actor: AuditActor,
  action: 'create' | 'update' | 'delete',
  before: IntegrationRecord | null,
  after: IntegrationRecord | null,
  now: Date,
): TransactItem {
  const entityId = (after ?? before)?._id ?? '';
  return auditItem(
    auth.companyId,
    actor,
    {
      entity: 'integration',
      entityId,
      action,
      before: before && audited(before),
      after: after && audited(after),
    },
    now,
  );
}

/** The company attributes a change of `record`'s entry sets (its type's map; the official provider kind). */
function companySet(
  company: CompanyItem,
  record: IntegrationRecord,
  entry: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const entries = withEntry(company, record, entry);
  return {
    [COMPANY_MAP[record.type]]: entries,
    ...(record.type === 'official' ? officialTypeAfter(company, entries) : {}),
  };
}

/** A refused item: an e-mail address held by another integration (409 on `email`), else the integration is gone. */
const itemFailure = (items: readonly TransactItem[]) => (index: number) =>
  mailboxConflict(items, index) ?? new NotFound(channelsPtBR.integrationNotFound);

function newWidget(
  auth: AuthContext,
  body: Extract<CreateIntegrationBody, { type: 'widget' }>,
  now: Date,
): WidgetIntegrationRecord {
  return {
    _id: newObjectId(),
    company: auth.companyId,
    type: 'widget',
    label: body.label,
    created_at: now.toISOString(),
    created_by: auth.employeeId,
    settings: { color: body.color, greeting: body.greeting },
  };
}

/**
 * Creates the integration item, its public pointer (an e-mail integration's mailbox claim too) and the
 * company's entry in one transaction with the audit entry. A widget has no provider token: its access token
 * is a random opaque value whose presence marks the entry as usable; a provider's entry holds its token
 * masked (the secret is sealed in the item).
 */
export async function createIntegration(
  auth: AuthContext,
  body: CreateIntegrationBody,
  now = new Date(),
): Promise<IntegrationView> {
  if (body.type === 'unofficial') return createSessionIntegration(auth, body, now);
  const created =
    body.type === 'widget'
      ? {
          record: newWidget(auth, body, now),
          code: undefined,
          entry: (record: IntegrationRecord) => ({
            label: record.label,
            access_token: randomBytes(24).toString('base64url'),
          }),
        }
      : await newProviderRecord(auth, body, now).then(({ record, credentials }) => {
          const mailbox = needsMailboxCode(null, record)
            ? withPendingMailbox(record, record.masked.email ?? '', undefined, now)
            : undefined;
          const final = mailbox?.record ?? record;
          return { record: final, code: mailbox?.code, entry: () => providerEntry(final, credentials) };
        });
  const { record } = created;
  const actor = await auditActor(auth);
  const view = await changeCompany(auth.companyId, async (company) => {
    const items = [
      ...integrationPuts(record),
      ...(await mailboxChanges(null, record)),
      audit(auth, actor, 'create', null, record, now),
    ];
    return {
      set: companySet(company, record, created.entry(record)),
      items,
      result: toView(record, record.type === 'widget' || record.connection),
      onItemConditionFailed: itemFailure(items),
    };
  });
  if (created.code && record.type !== 'widget') await mailMailboxCode(record, created.code);
  await publishChannelChange(auth.companyId, record.type, { integration: record._id, action: 'create' });
  return view;
}

async function widgetChange(record: WidgetIntegrationRecord, body: UpdateIntegrationBody) {
  const { label, color, greeting, ...credentials } = body;
  const field = Object.keys(credentials).find(
    (name) => credentials[name as keyof typeof credentials] !== undefined,
  );
  if (field) throw new Invalid(field, channelsPtBR.fieldNotAllowed);
  return {
    ...record,
    label: label ?? record.label,
    settings: { color: color ?? record.settings.color, greeting: greeting ?? record.settings.greeting },
  };
}

/** Renames an integration or rotates its credentials; the company entry follows in the same transaction. */
export async function updateIntegration(
  auth: AuthContext,
  integrationId: string,
  body: UpdateIntegrationBody,
  now = new Date(),
): Promise<IntegrationView> {
  const session = await updateSessionIfAny(auth, integrationId, body, now);
  if (session) return session;
  const before = await getIntegration(auth.companyId, integrationId);
  if (!before) throw new NotFound(channelsPtBR.integrationNotFound);
  if (before.type === 'widget') {
    const after = await widgetChange(before, body);
    return replaceIntegration(auth, before, after, now, (company) => ({
      ...entriesOf(company, before)[integrationKey(before._id)],
      label: after.label,
    }));
  }
  for (const field of ['color', 'greeting'] as const) {
    if (body[field] !== undefined) throw new Invalid(field, channelsPtBR.fieldNotAllowed);
  }
  const changed = await changedProviderRecord(before, body, now);
  const mailbox = needsMailboxCode(before, changed.record)
    ? withPendingMailbox(changed.record, changed.record.masked.email ?? '', mailboxOf(before), now)
    : undefined;
  const after = mailbox?.record ?? changed.record;
  const view = await replaceIntegration(auth, before, after, now, () =>
    providerEntry(after, changed.credentials),
  );
  if (mailbox) await mailMailboxCode(after, mailbox.code);
  return view;
}

/**
 * Stores `after` in place of `before` with the company entry `entry` gives, the mailbox claim moves and the
 * audit entry in one transaction, then tells the company's browsers.
 */
export async function replaceIntegration(
  auth: AuthContext,
  before: IntegrationRecord,
  after: IntegrationRecord,
  now: Date,
  entry: (company: CompanyItem) => Record<string, unknown>,
): Promise<IntegrationView> {
  const actor = await auditActor(auth);
  const view = await changeCompany(auth.companyId, async (company) => {
    const items = [
      integrationReplace(after),
      ...(await mailboxChanges(before, after)),
      audit(auth, actor, 'update', before, after, now),
    ];
    return {
      set: companySet(company, after, entry(company)),
      items,
      result: toView(after, after.type === 'widget' || after.connection),
      onItemConditionFailed: itemFailure(items),
    };
  });
  forgetIntegration(after._id);
  await publishChannelChange(auth.companyId, after.type, {
    integration: after._id,
    action: 'update',
    connection: view.connection,
  });
  return view;
}

export async function listChannelIntegrations(auth: AuthContext): Promise<{ items: IntegrationView[] }> {
  const [records, company, sessions] = await Promise.all([
    listIntegrations(auth.companyId),
    readCompanyItem(auth.companyId),
    listSessionViews(auth),
  ]);
  return { items: [...records.map((record) => toView(record, connected(company, record))), ...sessions] };
}

/** Spec point 4: 1 every integration connected, 2 some, 3 none. */
export async function getChannelHealth(auth: AuthContext): Promise<{ health: 1 | 2 | 3 }> {
  const { items } = await listChannelIntegrations(auth);
  return { health: channelHealth(items) };
}

/** Removes the integration, its pointer, mailbox claim and company entry; another company's id is a 404. */
export async function deleteIntegration(
  auth: AuthContext,
  integrationId: string,
  now = new Date(),
): Promise<IntegrationRecord> {
  const record = await getIntegration(auth.companyId, integrationId);
  if (!record) throw new NotFound(channelsPtBR.integrationNotFound);
  const actor = await auditActor(auth);
  await changeCompany(auth.companyId, async (company) => {
    const items = [
      ...integrationDeletes(auth.companyId, integrationId),
      ...(await mailboxChanges(record, null)),
      audit(auth, actor, 'delete', record, null, now),
    ];
    return {
      set: companySet(company, record, undefined),
      items,
      result: undefined,
      onItemConditionFailed: itemFailure(items),
    };
  });
  forgetIntegration(integrationId);
  if (record.type !== 'widget') await unregisterTelegramWebhook(record);
  await publishChannelChange(auth.companyId, record.type, { integration: record._id, action: 'delete' });
  return record;
}
