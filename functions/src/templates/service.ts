import type { RegisterTemplateBody, TemplateView } from '@atende/shared/contracts/templates/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { providerBaseUrl, providerFetch } from '../channels/providers.ts';
import { openCredentials } from '../integrations/crypto.ts';
import type { ProviderIntegrationRecord } from '../integrations/records.ts';
import { getIntegration, listIntegrations } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { AppError, Invalid, NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { fetchCloudApiTemplates } from './provider-sync.ts';
import { deleteTemplates, listTemplateRecords, putTemplates } from './store.ts';
import { submitToProvider } from './submit.ts';
import type { SubmitTemplateBody } from '@atende/shared/contracts/templates/submit-template';

class SyncFailed extends AppError {
  constructor() {
    super(502, 'templates_sync_failed', channelsPtBR.templatesSyncFailed);
  }
}

/** The caller company's official WhatsApp integration; another company's id is a 404 like an unknown one. */
async function officialIntegration(
  auth: AuthContext,
  integrationId: string,
): Promise<ProviderIntegrationRecord & { type: 'official' }> {
  const record = await getIntegration(auth.companyId, integrationId);
  if (!record) throw new NotFound(channelsPtBR.integrationNotFound);
  if (record.type !== 'official') throw new Invalid('integration', channelsPtBR.templatesNeedOfficial);
  return { ...record, type: 'official' };
}

const byName = (a: TemplateView, b: TemplateView) =>
  a.name.localeCompare(b.name) || a.language.localeCompare(b.language);

/** One integration's templates, or every official integration's when none is named. */
export async function listTemplates(
  auth: AuthContext,
  integrationId?: string,
): Promise<{ items: TemplateView[] }> {
  if (integrationId) {
    await officialIntegration(auth, integrationId);
    return { items: (await listTemplateRecords(auth.companyId, integrationId)).sort(byName) };
  }
  const officials = (await listIntegrations(auth.companyId)).filter((record) => record.type === 'official');
  const lists = await Promise.all(officials.map((record) => listTemplateRecords(auth.companyId, record._id)));
  return { items: lists.flat().sort(byName) };
}

/**
 * Reads the integration's templates from Meta's (or motor's Cloud-API-compatible) message_templates edge and
 * stores them with the spec's statuses; synced templates the provider no longer lists are removed, manually
 * registered ones stay. 360dialog and Gupshup templates are registered by hand.
 */
export async function syncTemplates(
  auth: AuthContext,
  integrationId: string,
  now = new Date(),
): Promise<{ items: TemplateView[] }> {
  const record = await officialIntegration(auth, integrationId);
  if (record.provider !== 'meta' && record.provider !== 'motor') {
    throw new Invalid('integration', channelsPtBR.templatesManualOnly);
  }
  const credentials = openCredentials(record.credentials, record._id);
  if (!credentials.waba_id) throw new Invalid('waba_id', channelsPtBR.templatesNeedWaba);
  let fetched;
  try {
    fetched = await fetchCloudApiTemplates({
      baseUrl: providerBaseUrl(record.provider) ?? credentials.base_url,
      wabaId: credentials.waba_id,
      accessToken: credentials.access_token ?? '',
      fetchImpl: providerFetch(),
    });
  } catch (error) {
    logger.warn('template sync failed', {
      integrationId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new SyncFailed();
  }
  const stored = await listTemplateRecords(auth.companyId, integrationId);
  const key = (template: { name: string; language: string }) => `${template.name}#${template.language}`;
  const existing = new Map(stored.map((template) => [key(template), template]));
  const synced: TemplateView[] = fetched.map((template) => ({
    _id: existing.get(key(template))?._id ?? newObjectId(),
    integration: integrationId,
    name: template.name,
    language: template.language,
    status: template.status,
    ...(template.category ? { category: template.category } : {}),
    body: template.body,
    ...(template.header ? { header: template.header } : {}),
    provider_template_id: template.id,
    source: 'provider',
    updated_at: now.toISOString(),
  }));
  const kept = new Set(synced.map(key));
  await putTemplates(auth.companyId, synced);
  await deleteTemplates(
    auth.companyId,
    stored.filter((template) => template.source === 'provider' && !kept.has(key(template))),
  );
  return listTemplates(auth, integrationId);
}

/** A template approved on the provider's own console, registered (or updated by name and language). */
export async function registerTemplate(
  auth: AuthContext,
  body: RegisterTemplateBody,
  now = new Date(),
): Promise<TemplateView> {
  await officialIntegration(auth, body.integration);
  const stored = await listTemplateRecords(auth.companyId, body.integration);
  const previous = stored.find(
    (template) => template.name === body.name && template.language === body.language,
  );
  const template: TemplateView = {
    _id: previous?._id ?? newObjectId(),
    integration: body.integration,
    name: body.name,
    language: body.language,
    status: body.status,
    ...(body.category ? { category: body.category } : {}),
    body: body.body,
    ...(body.provider_template_id ? { provider_template_id: body.provider_template_id } : {}),
    source: 'manual',
    updated_at: now.toISOString(),
  };
  await putTemplates(auth.companyId, [template]);
  return template;
}

/** A new template submitted to Meta for review from the product (stored PENDING until its status webhook). */
export async function submitTemplate(auth: AuthContext, body: SubmitTemplateBody): Promise<TemplateView> {
  const record = await officialIntegration(auth, body.integration);
  return submitToProvider(auth.companyId, record, body);
}
