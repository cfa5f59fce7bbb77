import { randomBytes } from 'node:crypto';
import {
  createDialogIntegrationBody,
  createEmailIntegrationBody,
  createGupshupIntegrationBody,
  createInstagramIntegrationBody,
  createMessengerIntegrationBody,
  createMetaIntegrationBody,
  createMotorIntegrationBody,
  createTelegramIntegrationBody,
  type CreateProviderIntegrationBody,
  type ProviderIntegrationView,
  type UpdateIntegrationBody,
} from '@atende/shared/contracts/integrations/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { channelsPtBR } from '@atende/shared/i18n/pt-BR';
import { credentialsProblem, providerBaseUrl, providerFetch } from '../channels/providers.ts';
import { deleteTelegramWebhook, setTelegramWebhook } from '../channels/telegram/api.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { maskCredentials, openCredentials, sealCredentials } from './crypto.ts';
import type { Provider, ProviderIntegrationRecord } from './records.ts';

const CREATE_SCHEMAS = {
  meta: createMetaIntegrationBody,
  dialog: createDialogIntegrationBody,
  gupshup: createGupshupIntegrationBody,
  motor: createMotorIntegrationBody,
  messenger: createMessengerIntegrationBody,
  instagram: createInstagramIntegrationBody,
  telegram: createTelegramIntegrationBody,
  email: createEmailIntegrationBody,
} satisfies Record<Provider, { shape: object }>;

const NOT_CREDENTIALS = new Set(['type', 'provider', 'label']);

/** The credential names a provider takes (what its create body has besides type, provider and label). */
export const credentialFieldsOf = (provider: Provider): string[] =>
  Object.keys(CREATE_SCHEMAS[provider].shape).filter((field) => !NOT_CREDENTIALS.has(field));

/** Providers that sign nothing: their webhook URL carries a random per-integration token. */
const TOKEN_AUTHENTICATED = new Set<Provider>(['dialog', 'gupshup']);

const newToken = () => randomBytes(24).toString('base64url');

export const providerOf = (body: CreateProviderIntegrationBody): Provider =>
  body.type === 'official' ? body.provider : body.type;

/** The stored credentials of a new integration, with the tokens we generate for it. */
export function credentialsOf(body: CreateProviderIntegrationBody): Record<string, string> {
  const provider = providerOf(body);
  const credentials: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (!NOT_CREDENTIALS.has(field) && typeof value === 'string') credentials[field] = value;
  }
  if (TOKEN_AUTHENTICATED.has(provider)) credentials.webhook_token = newToken();
  if (provider === 'telegram') credentials.secret_token ??= newToken();
  return credentials;
}

/** `{PUBLIC_BASE_URL}/api/webhooks/{provider}/{id}` (+ `?token=`); e-mail has none ('' ). */
export function webhookUrl(provider: Provider, integrationId: string, credentials: Record<string, string>) {
  if (provider === 'email') return '';
  const base = (process.env[ENV.publicBaseUrl] ?? '').replace(/\/+$/, '');
  const url = `${base}/api/webhooks/${provider}/${integrationId}`;
  const token = credentials.webhook_token;
  return TOKEN_AUTHENTICATED.has(provider) && token ? `${url}?token=${encodeURIComponent(token)}` : url;
}

function checkCredentials(provider: Provider, credentials: Record<string, string>): void {
  const problem = credentialsProblem(provider, credentials);
  if (problem) throw new Invalid(problem.field, problem.message);
}

/** Points the bot at the integration's webhook; a refused token is the caller's error (400 on bot_token). */
async function registerTelegramWebhook(integrationId: string, credentials: Record<string, string>) {
  try {
    await setTelegramWebhook(
      {
        botToken: credentials.bot_token ?? '',
        baseUrl: providerBaseUrl('telegram'),
        fetchImpl: providerFetch(),
      },
      {
        url: webhookUrl('telegram', integrationId, credentials),
        secretToken: credentials.secret_token ?? '',
      },
    );
  } catch (error) {
    logger.warn('telegram setWebhook failed', {
      integrationId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Invalid('bot_token', channelsPtBR.telegramWebhookFailed);
  }
}

/** Stops Telegram's updates of a removed integration; the removal goes on when the bot is unreachable. */
export async function unregisterTelegramWebhook(record: ProviderIntegrationRecord): Promise<void> {
  if (record.provider !== 'telegram') return;
  try {
    const credentials = openCredentials(record.credentials, record._id);
    await deleteTelegramWebhook({
      botToken: credentials.bot_token ?? '',
      baseUrl: providerBaseUrl('telegram'),
      fetchImpl: providerFetch(),
    });
  } catch (error) {
    logger.warn('telegram deleteWebhook failed', {
      integrationId: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export async function newProviderRecord(
  auth: AuthContext,
  body: CreateProviderIntegrationBody,
  now: Date,
): Promise<{ record: ProviderIntegrationRecord; credentials: Record<string, string> }> {
  const provider = providerOf(body);
  const credentials = credentialsOf(body);
  checkCredentials(provider, credentials);
  const _id = newObjectId();
  if (provider === 'telegram') await registerTelegramWebhook(_id, credentials);
  const record: ProviderIntegrationRecord = {
    _id,
    company: auth.companyId,
    type: body.type,
    provider,
    label: body.label,
    created_at: now.toISOString(),
    created_by: auth.employeeId,
    credentials: sealCredentials(credentials, _id),
    masked: maskCredentials(credentials),
    connection: true,
    connection_changed_at: now.toISOString(),
  };
  return { record, credentials };
}

/** A renamed record and/or rotated credentials; a field the provider does not take is a 400 naming it. */
export async function changedProviderRecord(
  record: ProviderIntegrationRecord,
  body: UpdateIntegrationBody,
  now: Date,
): Promise<{ record: ProviderIntegrationRecord; credentials: Record<string, string> }> {
  const allowed = new Set(credentialFieldsOf(record.provider));
  const previous = openCredentials(record.credentials, record._id);
  const credentials = { ...previous };
  for (const [field, value] of Object.entries(body)) {
    if (field === 'label' || value === undefined) continue;
    if (!allowed.has(field)) throw new Invalid(field, channelsPtBR.fieldNotAllowed);
    credentials[field] = value;
  }
  checkCredentials(record.provider, credentials);
  const rotated = Object.keys(credentials).some((field) => credentials[field] !== previous[field]);
  if (
    record.provider === 'telegram' &&
    (credentials.bot_token !== previous.bot_token || credentials.secret_token !== previous.secret_token)
  ) {
    await registerTelegramWebhook(record._id, credentials);
  }
  return {
    record: {
      ...record,
      label: body.label ?? record.label,
      updated_at: now.toISOString(),
      ...(rotated
        ? {
            credentials: sealCredentials(credentials, record._id),
            masked: maskCredentials(credentials),
            // New credentials are presumed good until the provider refuses them.
            connection: true,
            connection_changed_at: now.toISOString(),
          }
        : {}),
    },
    credentials,
  };
}

export function toProviderView(record: ProviderIntegrationRecord): ProviderIntegrationView {
  const credentials = TOKEN_AUTHENTICATED.has(record.provider)
    ? openCredentials(record.credentials, record._id)
    : {};
  return {
    _id: record._id,
    type: record.type,
    provider: record.provider,
    label: record.label,
    created_at: record.created_at,
    connection: record.connection,
    webhookUrl: webhookUrl(record.provider, record._id, credentials),
    credentials: record.masked,
    ...(record.connection_changed_at ? { connection_changed_at: record.connection_changed_at } : {}),
    ...(record.mailbox?.pending
      ? {
          mailbox_confirmation: {
            address: record.mailbox.pending.address,
            expires_at: record.mailbox.pending.expires_at,
            ...(record.mailbox.confirmed ? { receiving: record.mailbox.confirmed } : {}),
          },
        }
      : {}),
  };
}

/** What the audit trail keeps: never a secret, only which credential names changed. */
export const auditedProvider = (record: ProviderIntegrationRecord) => ({
  type: record.type,
  provider: record.provider,
  label: record.label,
  credentials: record.masked,
});
