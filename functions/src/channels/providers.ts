import type { AppName } from '@atende/shared/domain/apps';
import { ENV } from '@atende/shared/infra/env';
import * as z from 'zod';
import { emailCredentials } from './email/credentials.ts';
import { dialogAdapter, dialogOutbound } from './dialog/adapter.ts';
import { gupshupAdapter, gupshupOutbound } from './gupshup/adapter.ts';
import {
  instagramAdapter,
  instagramOutbound,
  messengerAdapter,
  messengerOutbound,
} from './meta/messaging.ts';
import { metaWhatsappAdapter, metaWhatsappOutbound } from './meta/whatsapp.ts';
import { motorAdapter, motorOutbound } from './motor/adapter.ts';
import { telegramAdapter, telegramOutbound } from './telegram/adapter.ts';
import type {
  ChannelAdapter,
  ChannelOutbound,
  ChannelLimits,
  FetchImpl,
  FetchedMedia,
  HandshakeResult,
  IntegrationRef,
  OutboundMessage,
  ParsedWebhook,
  ProviderMedia,
  SendResult,
  VerifyResult,
  WebhookQuery,
  WebhookRequest,
} from './adapter.ts';

/**
 * The provider registry: which adapter serves an integration's provider, with the integration's decrypted
 * credentials bound to it, the environment's API root (PROVIDER_BASE_URLS: the local sandbox stands in for
 * the real APIs) and the fetch to use (the tests inject theirs).
 */
export const ADAPTER_PROVIDERS = [
  'meta',
  'dialog',
  'gupshup',
  'motor',
  'messenger',
  'instagram',
  'telegram',
] as const;
export type AdapterProvider = (typeof ADAPTER_PROVIDERS)[number];

export const isAdapterProvider = (provider: string): provider is AdapterProvider =>
  (ADAPTER_PROVIDERS as readonly string[]).includes(provider);

/** An adapter's outbound half with its credentials and send context applied: what senders call. */
export interface BoundOutbound {
  provider: AdapterProvider;
  limits: ChannelLimits;
  fetchMedia(media: ProviderMedia): Promise<FetchedMedia>;
  send(message: OutboundMessage): Promise<SendResult>;
}

/** An adapter with its credentials and send context applied: what webhooks call. */
export interface BoundAdapter extends BoundOutbound {
  handshake: ((query: WebhookQuery) => HandshakeResult) | undefined;
  verify(request: WebhookRequest): VerifyResult;
  parse(rawBody: string): Promise<ParsedWebhook>;
}

const defaultFetch: FetchImpl = (url, init) => fetch(url, init);
let fetchImpl: FetchImpl = defaultFetch;

/** Tests point every adapter at their fake; without an argument the global fetch is restored. */
export function setProviderFetch(impl?: FetchImpl): void {
  fetchImpl = impl ?? defaultFetch;
}

export const providerFetch = (): FetchImpl => fetchImpl;

const baseUrls = z.record(z.string(), z.string().url());

/**
 * The API root configured for a provider in PROVIDER_BASE_URLS (`{meta, messenger, dialog, gupshup,
 * telegram, ...}`); Instagram shares Messenger's Graph root unless it has its own. Undefined: the adapter's
 * production default (or, for motor, the integration's own base_url).
 */
export function providerBaseUrl(provider: AdapterProvider | AppName): string | undefined {
  const raw = process.env[ENV.providerBaseUrls];
  if (!raw) return undefined;
  let parsed: Record<string, string>;
  try {
    parsed = baseUrls.parse(JSON.parse(raw));
  } catch {
    throw new Error(`${ENV.providerBaseUrls} must be a JSON object of provider → URL`);
  }
  return parsed[provider] ?? (provider === 'instagram' ? parsed.messenger : undefined);
}

function outboundOf<C>(
  provider: AdapterProvider,
  adapter: ChannelOutbound<C>,
  credentials: C,
  integration: IntegrationRef,
): BoundOutbound {
  const context = () => ({
    integration,
    credentials,
    baseUrl: providerBaseUrl(provider),
    fetchImpl: providerFetch(),
  });
  return {
    provider,
    limits: adapter.limits,
    fetchMedia: (media) => adapter.fetchMedia(media, context()),
    send: (message) => adapter.send(message, context()),
  };
}

function bind<C>(
  provider: AdapterProvider,
  adapter: ChannelAdapter<C>,
  raw: Record<string, string>,
  integration: IntegrationRef,
): BoundAdapter {
  const credentials = adapter.credentialsSchema.parse(raw);
  const { handshake } = adapter;
  return {
    ...outboundOf(provider, adapter, credentials, integration),
    handshake: handshake ? (query) => handshake(query, credentials) : undefined,
    verify: (request) => adapter.verifyWebhook(request, credentials),
    parse: async (rawBody) => adapter.parseWebhook(rawBody, integration, credentials),
  };
}

function bindOutbound<C>(
  provider: AdapterProvider,
  adapter: ChannelOutbound<C>,
  raw: Record<string, string>,
  integration: IntegrationRef,
): BoundOutbound {
  return outboundOf(provider, adapter, adapter.credentialsSchema.parse(raw), integration);
}

const BINDERS: Record<
  AdapterProvider,
  (raw: Record<string, string>, integration: IntegrationRef) => BoundAdapter
> = {
  meta: (raw, integration) => bind('meta', metaWhatsappAdapter, raw, integration),
  dialog: (raw, integration) => bind('dialog', dialogAdapter, raw, integration),
  gupshup: (raw, integration) => bind('gupshup', gupshupAdapter, raw, integration),
  motor: (raw, integration) => bind('motor', motorAdapter, raw, integration),
  messenger: (raw, integration) => bind('messenger', messengerAdapter, raw, integration),
  instagram: (raw, integration) => bind('instagram', instagramAdapter, raw, integration),
  telegram: (raw, integration) => bind('telegram', telegramAdapter, raw, integration),
};

export function bindAdapter(
  provider: AdapterProvider,
  credentials: Record<string, string>,
  integration: IntegrationRef,
): BoundAdapter {
  return BINDERS[provider](credentials, integration);
}

/** The outbound halves, apart from BINDERS: a bundle that only sends (or copies media) holds no webhook parser. */
const SENDERS: Record<
  AdapterProvider,
  (raw: Record<string, string>, integration: IntegrationRef) => BoundOutbound
> = {
  meta: (raw, integration) => bindOutbound('meta', metaWhatsappOutbound, raw, integration),
  dialog: (raw, integration) => bindOutbound('dialog', dialogOutbound, raw, integration),
  gupshup: (raw, integration) => bindOutbound('gupshup', gupshupOutbound, raw, integration),
  motor: (raw, integration) => bindOutbound('motor', motorOutbound, raw, integration),
  messenger: (raw, integration) => bindOutbound('messenger', messengerOutbound, raw, integration),
  instagram: (raw, integration) => bindOutbound('instagram', instagramOutbound, raw, integration),
  telegram: (raw, integration) => bindOutbound('telegram', telegramOutbound, raw, integration),
};

/** The provider's outbound half bound to an integration's credentials: sending and downloading media. */
export function bindSender(
  provider: AdapterProvider,
  credentials: Record<string, string>,
  integration: IntegrationRef,
): BoundOutbound {
  return SENDERS[provider](credentials, integration);
}

const SCHEMAS: Record<AdapterProvider | 'email', z.ZodType> = {
  meta: metaWhatsappOutbound.credentialsSchema,
  dialog: dialogOutbound.credentialsSchema,
  gupshup: gupshupOutbound.credentialsSchema,
  motor: motorOutbound.credentialsSchema,
  messenger: messengerOutbound.credentialsSchema,
  instagram: instagramOutbound.credentialsSchema,
  telegram: telegramOutbound.credentialsSchema,
  email: emailCredentials,
};

/** Checks credentials against the provider adapter's own schema; answers the first offending field. */
export function credentialsProblem(
  provider: AdapterProvider | 'email',
  credentials: Record<string, string>,
): { field: string; message: string } | undefined {
  const result = SCHEMAS[provider].safeParse(credentials);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return { field: String(issue?.path[0] ?? 'credentials'), message: issue?.message ?? 'inválido' };
}
