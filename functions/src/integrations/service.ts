import { randomBytes } from 'node:crypto';
import type { CreateIntegrationBody, IntegrationView } from '@atende/shared/contracts/integrations/views';
import { integrationKey } from '@atende/shared/domain/integrations';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { z } from 'zod';
import { auditActor, auditItem } from '../audit/store.ts';
import { publishRefresh } from '../company/events.ts';
import { changeCompany, type CompanyItem, readCompanyItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { NotFound } from '../lib/errors.ts';
import { widgetScriptUrl, widgetSnippet } from './embed.ts';
import { COMPANY_MAP } from './keys.ts';
import type { IntegrationRecord } from './records.ts';
import { getIntegration, integrationDeletes, integrationPuts, listIntegrations } from './store.ts';

const companyEntries = z.record(z.string(), z.record(z.string(), z.unknown())).catch({});

/** The company's map of one integration type (spec point 3), as stored. */
function entriesOf(company: CompanyItem, record: Pick<IntegrationRecord, 'type'>) {
  return companyEntries.parse(company[COMPANY_MAP[record.type]] ?? {});
}

/** Connected while the company entry holds an access token (spec point 5: only those are offered). */
function connected(company: CompanyItem, record: IntegrationRecord): boolean {
  return Boolean(entriesOf(company, record)[integrationKey(record._id)]?.access_token);
}

export function toView(record: IntegrationRecord, isConnected: boolean): IntegrationView {
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

/** What the audit trail keeps: never a secret. */
const audited = (record: IntegrationRecord) => ({ type: record.type, label: record.label });

function newRecord(auth: AuthContext, body: CreateIntegrationBody, now: Date): IntegrationRecord {
  return {
    _id: newObjectId(),
    company: auth.companyId,
    type: body.type,
    label: body.label,
    created_at: now.toISOString(),
    created_by: auth.employeeId,
    settings: { color: body.color, greeting: body.greeting },
  };
}

/**
 * Creates the integration item, its public pointer and the company's entry (`{label, access_token}` under
 * the type's map) in one transaction with the audit entry. A widget has no provider token: its access token
 * is a random opaque value whose presence marks the entry as usable, like a provider's token does.
 */
export async function createIntegration(
  auth: AuthContext,
  body: CreateIntegrationBody,
  now = new Date(),
): Promise<IntegrationView> {
  const record = newRecord(auth, body, now);
  const actor = await auditActor(auth);
  const attribute = COMPANY_MAP[record.type];
  const view = await changeCompany(auth.companyId, (company) => ({
    set: {
      [attribute]: {
        ...entriesOf(company, record),
        [integrationKey(record._id)]: {
          label: record.label,
          access_token: randomBytes(24).toString('base64url'),
        },
      },
    },
    items: [
      ...integrationPuts(record),
      auditItem(
        auth.companyId,
        actor,
        {
          entity: 'integration',
          entityId: record._id,
          action: 'create',
          before: null,
          after: audited(record),
        },
        now,
      ),
    ],
    result: toView(record, true),
  }));
  await publishRefresh(auth.companyId, 'update-company');
  return view;
}

export async function listChannelIntegrations(auth: AuthContext): Promise<{ items: IntegrationView[] }> {
  const [records, company] = await Promise.all([
    listIntegrations(auth.companyId),
    readCompanyItem(auth.companyId),
  ]);
  return { items: records.map((record) => toView(record, connected(company, record))) };
}

/** Removes the integration, its pointer and its company entry; an id of another company is a 404. */
export async function deleteIntegration(auth: AuthContext, integrationId: string): Promise<void> {
  const record = await getIntegration(auth.companyId, integrationId);
  if (!record) throw new NotFound(ptBR.widget.integrationNotFound);
  const actor = await auditActor(auth);
  await changeCompany(auth.companyId, (company) => {
    const { [integrationKey(record._id)]: _removed, ...rest } = entriesOf(company, record);
    return {
      set: { [COMPANY_MAP[record.type]]: rest },
      items: [
        ...integrationDeletes(auth.companyId, integrationId),
        auditItem(auth.companyId, actor, {
          entity: 'integration',
          entityId: record._id,
          action: 'delete',
          before: audited(record),
          after: null,
        }),
      ],
      result: undefined,
      onItemConditionFailed: () => new NotFound(ptBR.widget.integrationNotFound),
    };
  });
  await publishRefresh(auth.companyId, 'update-company');
}
