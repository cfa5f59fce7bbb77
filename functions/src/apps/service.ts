import { randomBytes } from 'node:crypto';
import { OAUTH_APPS } from '@atende/shared/contracts/apps/oauth';
import { WEBHOOK_APPS } from '@atende/shared/contracts/apps/webhooks';
import {
  APP_FIELDS,
  type AppField,
  type AppView,
  type InstallAppBody,
  SECRET_APP_FIELDS,
} from '@atende/shared/contracts/apps/views';
import { APP_CATALOGUE, type AppCatalogueEntry, type AppName } from '@atende/shared/domain/apps';
import { newObjectId } from '@atende/shared/domain/object-id';
import { adminPtBR, appsPtBR, channelsPtBR } from '@atende/shared/i18n/pt-BR';
import {
  appAllowedForPlan,
  appFormFields,
  missingAppFields,
  PIPEDRIVE_DOMAIN_PATTERN,
} from '@atende/shared/rules/app-install';
import { getCompany } from '../account/store.ts';
import { auditActor, auditItem } from '../audit/store.ts';
import { publishRefresh } from '../company/events.ts';
import { changeCompany } from '../company/store.ts';
import { getFlowRecord } from '../flows/store.ts';
import { sealCredentials } from '../integrations/crypto.ts';
import { getIntegration } from '../integrations/store.ts';
import { appWebhookUrl } from './app-urls.ts';
import { revokeRdMarketing, subscribePipedrive, unsubscribePipedrive } from './remote-hooks.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import type { AppRecord } from './records.ts';
import { appDeletes, appPuts, getApp, listApps as listAppRecords } from './store.ts';

const strings = appsPtBR;

const catalogueEntry = (name: AppName): AppCatalogueEntry => {
  const entry = APP_CATALOGUE.find((candidate) => candidate.name === name);
  if (!entry) throw new NotFound(strings.appNotFound);
  return entry;
};

export function toView(entry: AppCatalogueEntry, allowed: boolean, record: AppRecord | undefined): AppView {
  const required = new Set(missingAppFields(entry.name, {}));
  return {
    ...entry,
    allowed,
    fields: appFormFields(entry.name).map((name) => ({
      name: name as AppField,
      required: required.has(name),
      secret: SECRET_APP_FIELDS.has(name as AppField),
    })),
    installation: record
      ? {
          _id: record._id,
          installed_at: record.installed_at,
          settings: record.settings,
          credentials_set: record.credentials_set,
          ...(record.shopify_actions ? { shopify_actions: record.shopify_actions } : {}),
          ...(record.reconnect_required_at ? { needs_reconnect: true } : {}),
          ...((WEBHOOK_APPS as readonly AppName[]).includes(record.name)
            ? { webhook_url: appWebhookUrl(record.name, record._id) }
            : {}),
        }
      : null,
  };
}

async function planOf(companyId: string) {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound(adminPtBR.companyNotFound);
  return { plan: company.account_type, features: company.plan_features };
}

export async function listApps(auth: AuthContext): Promise<{ apps: AppView[] }> {
  const [{ plan, features }, records] = await Promise.all([
    planOf(auth.companyId),
    listAppRecords(auth.companyId),
  ]);
  const byName = new Map(records.map((record) => [record.name, record]));
  return {
    apps: APP_CATALOGUE.map((entry) =>
      toView(entry, appAllowedForPlan(entry, plan, features), byName.get(entry.name)),
    ),
  };
}

/** Spec point 5 field by field; the first problem is the 400, naming its field. */
async function checkFields(auth: AuthContext, name: AppName, values: Partial<Record<AppField, string>>) {
  const missing = missingAppFields(name, values)[0];
  if (missing) {
    const invalidShop = missing === 'shop' && Boolean(values.shop?.trim());
    throw new Invalid(missing, invalidShop ? strings.invalidShop : strings.requiredField);
  }
  if (name === 'pipedrive' && !PIPEDRIVE_DOMAIN_PATTERN.test(values.domain ?? '')) {
    throw new Invalid('domain', strings.invalidDomain);
  }
  if (name === 'vortico' && !(await getFlowRecord(auth.companyId, values.end_attendance_flow ?? ''))) {
    throw new Invalid('end_attendance_flow', strings.flowNotFound);
  }
}

async function checkShopifyActions(auth: AuthContext, actions: InstallAppBody['shopify_actions']) {
  for (const [index, action] of (actions ?? []).entries()) {
    const integration = await getIntegration(auth.companyId, action.integration);
    if (integration?.type !== 'official') {
      throw new Invalid(`shopify_actions.${index}.integration`, channelsPtBR.integrationNotFound);
    }
  }
}

/** The form's fields of this app only, trimmed; anything else the body carries is not kept. */
function fieldsOf(name: AppName, body: InstallAppBody): Partial<Record<AppField, string>> {
  const wanted = new Set(appFormFields(name));
  return Object.fromEntries(
    APP_FIELDS.filter((field) => wanted.has(field) && body[field] !== undefined).map((field) => [
      field,
      (body[field] ?? '').trim(),
    ]),
  );
}

/** The catalogue entry, once the app is available and the company's plan allows it. */
export async function installableEntry(auth: AuthContext, name: AppName): Promise<AppCatalogueEntry> {
  const entry = catalogueEntry(name);
  const { plan, features } = await planOf(auth.companyId);
  if (!entry.available) throw new Forbidden(strings.appUnavailable);
  if (!appAllowedForPlan(entry, plan, features)) throw new Forbidden(strings.planNotAllowed);
  return entry;
}

/**
 * Installs an app: the installation (secrets sealed under its id), its pointer, the company's `apps` entry and
 * the audit entry commit together; then every open browser of the company is told (refresh-session install-app).
 */
export async function installApp(
  auth: AuthContext,
  name: AppName,
  body: InstallAppBody,
  now = new Date(),
): Promise<AppView> {
  const entry = await installableEntry(auth, name);
  // Its token comes from the OAuth authorization (/app/integration/rdmkt), never from a pasted value.
  if ((OAUTH_APPS as readonly AppName[]).includes(name))
    throw new Invalid('token', strings.oauth.connectInstead);
  const values = fieldsOf(name, body);
  await checkFields(auth, name, values);
  if (name === 'shopify') await checkShopifyActions(auth, body.shopify_actions);
  const _id = newObjectId();
  const secrets = Object.fromEntries(
    Object.entries(values).filter(([field]) => SECRET_APP_FIELDS.has(field as AppField)),
  );
  const settings = Object.fromEntries(
    Object.entries(values).filter(([field]) => !SECRET_APP_FIELDS.has(field as AppField)),
  );
  // Pipedrive's webhooks authenticate with Basic credentials this side generates and seals.
  const sealed =
    name === 'pipedrive' ? { ...secrets, webhook_password: randomBytes(24).toString('base64url') } : secrets;
  const record: AppRecord = {
    _id,
    company: auth.companyId,
    name,
    installed_at: now.toISOString(),
    installed_by: auth.employeeId,
    settings,
    credentials_set: Object.keys(secrets) as AppField[],
    credentials: sealCredentials(sealed, _id),
    ...(name === 'shopify' ? { shopify_actions: body.shopify_actions ?? [] } : {}),
  };
  const view = await commitInstallation(auth, entry, record, now);
  if (name === 'pipedrive') await subscribePipedrive(record, sealed);
  return view;
}

/** Writes a new installation with the company's `apps` entry and its audit entry, then tells the browsers. */
export async function commitInstallation(
  auth: AuthContext,
  entry: AppCatalogueEntry,
  record: AppRecord,
  now: Date,
): Promise<AppView> {
  const { name, settings, _id } = record;
  const actor = await auditActor(auth);
  const view = await changeCompany(auth.companyId, (company) => {
    const apps = (company.apps ?? {}) as Record<string, unknown>;
    return {
      set: {
        apps: {
          ...apps,
          [name]: { _id, label: entry.label, installed_at: record.installed_at, ...settings },
        },
      },
      items: [
        ...appPuts(record),
        auditItem(
          auth.companyId,
          actor,
          {
            entity: 'app',
            entityId: _id,
            action: 'create',
            before: null,
            after: { name, ...settings },
          },
          now,
        ),
      ],
      result: toView(entry, true, record),
      onItemConditionFailed: () => new Conflict(strings.alreadyInstalled),
    };
  });
  await publishRefresh(auth.companyId, 'install-app');
  return view;
}

export async function uninstallApp(auth: AuthContext, name: AppName, now = new Date()) {
  const record = await getApp(auth.companyId, name);
  if (!record) throw new NotFound(strings.notInstalled);
  const actor = await auditActor(auth);
  await changeCompany(auth.companyId, (company) => {
    const { [name]: _removed, ...apps } = (company.apps ?? {}) as Record<string, unknown>;
    return {
      set: { apps },
      items: [
        ...appDeletes(record),
        auditItem(
          auth.companyId,
          actor,
          {
            entity: 'app',
            entityId: record._id,
            action: 'delete',
            before: { name, ...record.settings },
            after: null,
          },
          now,
        ),
      ],
      result: undefined,
      onItemConditionFailed: () => new NotFound(strings.notInstalled),
    };
  });
  await publishRefresh(auth.companyId, 'uninstall-app');
  if (name === 'pipedrive') await unsubscribePipedrive(record);
  if (name === 'rdstationmarketing') await revokeRdMarketing(record);
  return { uninstalled: name };
}
