import type {
  CreateIntegrationBody,
  UnofficialIntegrationView,
  UpdateIntegrationBody,
  WhatsappSessionView,
} from '@atende/shared/contracts/integrations/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { auditActor, auditItem, type AuditActor } from '../../audit/store.ts';
import { changeCompany, type TransactItem } from '../../company/store.ts';
import { withEntry } from '../../integrations/entries.ts';
import { publishChannelChange } from '../../integrations/events.ts';
import { COMPANY_MAP } from '../../integrations/keys.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { sendSessionCommand } from './commands.ts';
import type { SessionIntegrationRecord } from './records.ts';
import { applySessionChange } from './state.ts';
import {
  getSessionIntegration,
  listSessionIntegrations,
  sessionIntegrationDelete,
  sessionIntegrationPut,
  sessionIntegrationReplace,
} from './store.ts';
import { sessionEntry, toSessionView, toUnofficialView } from './views.ts';

const audited = (record: SessionIntegrationRecord | null) =>
  record && { type: record.type, label: record.label, phone: record.phone };

function audit(
  auth: AuthContext,
  actor: AuditActor,
  action: 'create' | 'update' | 'delete',
  before: SessionIntegrationRecord | null,
  after: SessionIntegrationRecord | null,
  now: Date,
): TransactItem {
  return auditItem(
    auth.companyId,
    actor,
    {
      entity: 'integration',
      entityId: (after ?? before)?._id ?? '',
      action,
      before: audited(before),
      after: audited(after),
    },
    now,
  );
}

/** The caller's company's session integration; another company's id is a 404 like a missing one. */
async function ownSession(auth: AuthContext, integrationId: string): Promise<SessionIntegrationRecord> {
  const record = await getSessionIntegration(auth.companyId, integrationId);
  if (!record) throw new NotFound(channelsPtBR.integrationNotFound);
  return record;
}

/** Creates the integration, not yet linked: the channels page asks for a QR right after (connect). */
export async function createSessionIntegration(
  auth: AuthContext,
  body: Extract<CreateIntegrationBody, { type: 'unofficial' }>,
  now = new Date(),
): Promise<UnofficialIntegrationView> {
  const record: SessionIntegrationRecord = {
    _id: newObjectId(),
    company: auth.companyId,
    type: 'unofficial',
    label: body.label,
    created_at: now.toISOString(),
    created_by: auth.employeeId,
    phone: '',
    state: 'idle',
    connection: false,
    active: false,
  };
  const actor = await auditActor(auth);
  const view = await changeCompany(auth.companyId, (company) => ({
    set: { [COMPANY_MAP.unofficial]: withEntry(company, record, sessionEntry(record)) },
    items: [sessionIntegrationPut(record), audit(auth, actor, 'create', null, record, now)],
    result: toUnofficialView(record),
  }));
  await publishChannelChange(auth.companyId, 'unofficial', { integration: record._id, action: 'create' });
  return view;
}

/** A QR session has nothing to rotate: only its label changes. */
export async function updateSessionIntegration(
  auth: AuthContext,
  before: SessionIntegrationRecord,
  body: UpdateIntegrationBody,
  now = new Date(),
): Promise<UnofficialIntegrationView> {
  const field = Object.entries(body).find(([name, value]) => name !== 'label' && value !== undefined)?.[0];
  if (field) throw new Invalid(field, channelsPtBR.fieldNotAllowed);
  const after: SessionIntegrationRecord = {
    ...before,
    label: body.label ?? before.label,
    updated_at: now.toISOString(),
  };
  const actor = await auditActor(auth);
  const view = await changeCompany(auth.companyId, (company) => ({
    set: { [COMPANY_MAP.unofficial]: withEntry(company, after, sessionEntry(after)) },
    items: [sessionIntegrationReplace(after), audit(auth, actor, 'update', before, after, now)],
    result: toUnofficialView(after),
    onItemConditionFailed: () => new NotFound(channelsPtBR.integrationNotFound),
  }));
  await publishChannelChange(auth.companyId, 'unofficial', {
    integration: after._id,
    action: 'update',
    connection: after.connection,
  });
  return view;
}

/**
 * Removes the integration: the worker is told to log the device out first (the phone drops the link and the
 * stored keys are deleted), then the item and the company entry go in one transaction.
 */
export async function deleteSessionIntegration(
  auth: AuthContext,
  record: SessionIntegrationRecord,
  now = new Date(),
): Promise<void> {
  await sendSessionCommand({ kind: 'logout', companyId: auth.companyId, integrationId: record._id });
  const actor = await auditActor(auth);
  await changeCompany(auth.companyId, (company) => ({
    set: { [COMPANY_MAP.unofficial]: withEntry(company, record, undefined) },
    items: [
      sessionIntegrationDelete(auth.companyId, record._id),
      audit(auth, actor, 'delete', record, null, now),
    ],
    result: undefined,
    onItemConditionFailed: () => new NotFound(channelsPtBR.integrationNotFound),
  }));
  await publishChannelChange(auth.companyId, 'unofficial', {
    integration: record._id,
    action: 'delete',
    connection: false,
  });
}

/** `POST .../{id}/connect`: the worker (re)starts the session; a QR follows unless the link is stored. */
export async function connectSession(auth: AuthContext, integrationId: string): Promise<WhatsappSessionView> {
  const record = await ownSession(auth, integrationId);
  if (record.state === 'open') return toSessionView(record);
  const after = await applySessionChange(auth.companyId, integrationId, {
    state: 'connecting',
    active: true,
  });
  if (!after) throw new NotFound(channelsPtBR.integrationNotFound);
  await sendSessionCommand({ kind: 'connect', companyId: auth.companyId, integrationId });
  return toSessionView(after);
}

export async function getSession(auth: AuthContext, integrationId: string): Promise<WhatsappSessionView> {
  return toSessionView(await ownSession(auth, integrationId));
}

/** `POST .../{id}/logout`: the worker unlinks the device; the state turns idle when the phone confirms. */
export async function logoutSession(auth: AuthContext, integrationId: string): Promise<WhatsappSessionView> {
  const record = await ownSession(auth, integrationId);
  await sendSessionCommand({ kind: 'logout', companyId: auth.companyId, integrationId });
  return toSessionView(record);
}

/** Removal for the integrations routes: answers false when the id is not a session of the caller's company. */
export async function deleteSessionIfAny(auth: AuthContext, integrationId: string): Promise<boolean> {
  const record = await getSessionIntegration(auth.companyId, integrationId);
  if (!record) return false;
  await deleteSessionIntegration(auth, record);
  return true;
}

/** The integrations list's members for the company's QR sessions. */
export async function listSessionViews(auth: AuthContext): Promise<UnofficialIntegrationView[]> {
  return (await listSessionIntegrations(auth.companyId)).map(toUnofficialView);
}

/** Rename for the integrations routes: undefined when the id is not a session of the caller's company. */
export async function updateSessionIfAny(
  auth: AuthContext,
  integrationId: string,
  body: UpdateIntegrationBody,
  now = new Date(),
): Promise<UnofficialIntegrationView | undefined> {
  const record = await getSessionIntegration(auth.companyId, integrationId);
  return record && updateSessionIntegration(auth, record, body, now);
}
