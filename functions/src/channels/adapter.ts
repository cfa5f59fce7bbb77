import {
  type ChannelType,
  type InboundMessage,
  type InboundStatus,
  inboundEvent,
} from '@atende/shared/channels/inbound';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * The common shape of every channel provider adapter (Meta WhatsApp Cloud API, 360dialog, Gupshup, motor,
 * Messenger, Instagram, Telegram, e-mail). Adapters are pure: no DynamoDB, no queue, no clock they do not
 * receive, no network except through the injected `fetchImpl`. The webhook handler verifies, parses, copies
 * media into the bucket and enqueues; the engine's sender calls `send`.
 */
export interface ChannelAdapter<Credentials> {
  /** Stable provider id, e.g. 'meta-whatsapp', 'dialog', 'gupshup', 'motor', 'messenger', 'instagram'. */
  readonly provider: string;
  readonly channel: ChannelType;
  readonly limits: ChannelLimits;
  /** Parses the stored integration entry into what the adapter needs; secrets included. */
  readonly credentialsSchema: z.ZodType<Credentials>;
  /** The provider's production API root, used when the integration names none ('' when there is no public one: motor). */
  readonly defaultBaseUrl: string;
  /**
   * The provider's GET subscription check (Meta's hub.mode / hub.verify_token / hub.challenge). Absent when the
   * provider has none; the handler then answers 405 to a GET.
   */
  handshake?(query: WebhookQuery, credentials: Credentials): HandshakeResult;
  /** Authenticates a POSTed webhook before anything is parsed or stored (constant-time comparisons). */
  verifyWebhook(request: WebhookRequest, credentials: Credentials): VerifyResult;
  /**
   * Never throws: unknown or malformed items are skipped and listed in `ignored` for the log. Items addressed to
   * another account than the integration's (another phone number id or page) are skipped too.
   */
  parseWebhook(
    rawBody: string,
    integration: IntegrationRef,
    credentials: Credentials,
  ): ParsedWebhook | Promise<ParsedWebhook>;
  /** Downloads a provider media reference found by `parseWebhook`, to be copied into the media bucket. */
  fetchMedia(media: ProviderMedia, context: SendContext<Credentials>): Promise<FetchedMedia>;
  /** Sends one message; answers the provider's message id or throws ChannelSendError. */
  send(message: OutboundMessage, context: SendContext<Credentials>): Promise<SendResult>;
}

/** The outbound half of an adapter: what senders and media copies call, without the webhook side. */
export type ChannelOutbound<Credentials> = Omit<
  ChannelAdapter<Credentials>,
  'handshake' | 'verifyWebhook' | 'parseWebhook'
>;

/** The webhook side of an adapter: the subscription check, the authentication and the parsing. */
export type ChannelWebhook<Credentials> = Pick<
  ChannelAdapter<Credentials>,
  'handshake' | 'verifyWebhook' | 'parseWebhook'
>;

/**
 * An adapter from its outbound half and its webhook side. Call it as `/* @__PURE__ *\/ withWebhook(...)`: a
 * bundle that only sends (the inbound consumer, the campaign and flow senders) then holds the outbound half
 * alone, without the webhook parsers, which an object spread or a plain call would keep.
 */
export function withWebhook<Credentials>(
  outbound: ChannelOutbound<Credentials>,
  webhook: ChannelWebhook<Credentials>,
): ChannelAdapter<Credentials> {
  return { ...outbound, ...webhook };
}

/** A fetch the tests (and the local sandbox) can replace; the global fetch fits. */
export type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;

export interface SendContext<Credentials> {
  integration: IntegrationRef;
  credentials: Credentials;
  /** The provider's API root for this integration/environment (the local sandbox stands in here). */
  baseUrl?: string | undefined;
  fetchImpl: FetchImpl;
}

/** The integration a webhook arrived on: it alone fixes the company, never the provider's payload. */
export interface IntegrationRef {
  companyId: string;
  integrationId: string;
}

/** Header names lower-cased by the caller (API Gateway keeps the client's casing). */
export interface WebhookRequest {
  headers: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received: signatures are computed over these bytes, not a re-serialization. */
  rawBody: string;
  query: WebhookQuery;
}

export type WebhookQuery = Readonly<Record<string, string | undefined>>;

export type VerifyResult = { ok: true } | { ok: false; status: 401; reason: string };

export interface HandshakeResult {
  status: 200 | 403;
  body: string;
}

/** A message whose media must be fetched (fetchMedia) and stored before it is enqueued with `media` set. */
export interface ParsedMediaMessage {
  event: InboundMessage;
  media: ProviderMedia;
}

export type ParsedItem = { event: InboundMessage | InboundStatus; media?: undefined } | ParsedMediaMessage;

export interface ParsedWebhook {
  /** In payload order, which is the conversation order the queue must keep. */
  items: ParsedItem[];
  /** Why an item was skipped (echo, unsupported type, malformed), for the log; never shown to users. */
  ignored: string[];
}

export type MediaKind = 'image' | 'audio' | 'video' | 'doc';

/** A provider-side media object: an id the provider resolves (Meta, 360dialog) or a direct URL. */
export interface ProviderMedia {
  kind: MediaKind;
  ref: { type: 'id'; id: string } | { type: 'url'; url: string };
  mimeType: string;
  fileName: string;
  size?: number | undefined;
}

export interface FetchedMedia {
  body: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface ChannelLimits {
  /** Largest media the provider accepts, in bytes (spec point 9). */
  mediaBytes: number;
  /** Lower-case file extensions refused on this provider (motor: obj, stl). */
  refusedExtensions: readonly string[];
  /** When set, the only extensions the provider takes (Instagram: jpg, jpeg, png, gif, mp4, wav). */
  allowedExtensions?: readonly string[] | undefined;
  /** Longest text body the provider accepts. */
  textLength: number;
  /** Whether the provider sends WhatsApp template messages (needed outside the 24 h window). */
  templates: boolean;
}

export type OutboundMediaType = 'image' | 'audio' | 'video' | 'document';

export interface OutboundMedia {
  type: OutboundMediaType;
  /** A URL the provider can download (a presigned media-bucket URL). */
  url: string;
  filename?: string | undefined;
  caption?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
}

export type TemplateParameter =
  | { type: 'text'; text: string }
  | { type: 'payload'; payload: string }
  | { type: 'image'; image: { link: string } }
  | { type: 'video'; video: { link: string } }
  | { type: 'document'; document: { link: string; filename?: string } };

/** Cloud API template components; other providers translate from this shape. */
export interface TemplateComponent {
  type: 'header' | 'body' | 'button';
  sub_type?: 'quick_reply' | 'url' | undefined;
  index?: number | undefined;
  parameters: TemplateParameter[];
}

export interface OutboundTemplate {
  name: string;
  /** The provider's template id where it sends by id rather than name (Gupshup). */
  id?: string | undefined;
  /** Provider language code, e.g. 'pt_BR'. */
  language: string;
  components?: TemplateComponent[] | undefined;
}

/** `to` is the conversation's external id as the channel names it (phone digits, PSID, IGSID). */
/**
 * A bot menu beside its text: channels with native menus show `prompt` with these options as buttons or a
 * list; the others send `text`, which numbers the options already.
 */
export interface OutboundMenu {
  prompt: string;
  options: { id: string; label: string }[];
}

export type OutboundMessage =
  | { kind: 'text'; to: string; text: string; menu?: OutboundMenu | undefined }
  | { kind: 'media'; to: string; media: OutboundMedia }
  | { kind: 'template'; to: string; template: OutboundTemplate };

export interface SendResult {
  providerMessageId: string;
}

export const SEND_ERROR_CODES = [
  /** Throttled by the provider: retry after `retryAfterSeconds`. */
  'rate_limited',
  /** The 24 h customer-service window is closed: only a template can reach the customer. */
  'window_closed',
  /** Token or API key invalid, expired or lacking permission: an administrator must fix the integration. */
  'auth_failed',
  /** The recipient cannot receive (not on WhatsApp, blocked, unknown PSID). */
  'recipient_unavailable',
  /** The provider refused the request itself (bad parameter, unapproved template...). */
  'invalid_request',
  /** Refused before calling the provider: too large, refused extension, text too long, not supported. */
  'unsupported_message',
  /** 5xx, timeouts, network failures: retry with backoff. */
  'provider_unavailable',
] as const;
export type SendErrorCode = (typeof SEND_ERROR_CODES)[number];

export class ChannelSendError extends Error {
  readonly code: SendErrorCode;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  /** The provider's own code (Graph error code, Gupshup status) for the log. */
  readonly providerCode: string | undefined;

  constructor(options: {
    code: SendErrorCode;
    message: string;
    retryable: boolean;
    retryAfterSeconds?: number | undefined;
    providerCode?: string | undefined;
  }) {
    super(options.message);
    this.name = 'ChannelSendError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.providerCode = options.providerCode;
  }
}

/** Constant-time string comparison for signatures and webhook tokens (lengths may differ: no throw). */
export function safeEqual(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const extensionOf = (name: string | undefined): string | undefined => {
  const match = name ? /\.([^./\\]+)$/.exec(name) : null;
  return match?.[1]?.toLowerCase();
};

/** Refuses, before any provider call, what the provider's limits exclude (never retryable). */
export function checkOutbound(message: OutboundMessage, limits: ChannelLimits): void {
  const refuse = (message: string) => {
    throw new ChannelSendError({ code: 'unsupported_message', message, retryable: false });
  };
  if (message.kind === 'text' && message.text.length > limits.textLength) {
    refuse(`text longer than ${limits.textLength} characters`);
  }
  if (message.kind === 'template' && !limits.templates) refuse('templates are not supported on this channel');
  if (message.kind !== 'media') return;
  const { media } = message;
  if (media.size !== undefined && media.size > limits.mediaBytes) {
    refuse(`media larger than ${limits.mediaBytes} bytes`);
  }
  const extension = extensionOf(media.filename) ?? extensionOf(new URL(media.url).pathname);
  if (extension && limits.refusedExtensions.includes(extension)) refuse(`.${extension} files are refused`);
  if (limits.allowedExtensions && !(extension && limits.allowedExtensions.includes(extension))) {
    refuse(`only ${limits.allowedExtensions.join(', ')} files are accepted`);
  }
  if (media.caption !== undefined && media.caption.length > limits.textLength) {
    refuse(`caption longer than ${limits.textLength} characters`);
  }
}

/**
 * The last step of every parser: an item the shared schema refuses (an over-long id, a bad date) is moved to
 * `ignored` instead of failing the whole webhook at the queue.
 */
export function validated(items: ParsedItem[], ignored: string[]): ParsedWebhook {
  const valid: ParsedItem[] = [];
  for (const item of items) {
    const result = inboundEvent.safeParse(item.event);
    if (result.success) valid.push(item);
    else
      ignored.push(
        `invalid ${item.event.kind} ${item.event.providerMessageId}: ${result.error.issues[0]?.message}`,
      );
  }
  return { items: valid, ignored };
}

/** Provider epoch (seconds or milliseconds, number or numeric string) to ISO 8601; undefined when unusable. */
export function isoFromEpoch(value: unknown, unit: 'seconds' | 'milliseconds'): string | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  const date = new Date(unit === 'seconds' ? number * 1000 : number);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

/** A file name for media the provider sent without one, stable per provider id. */
export function mediaFileName(kind: MediaKind, id: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'bin';
  return `${kind}-${id.replace(/[^A-Za-z0-9_-]/g, '').slice(-40) || 'file'}.${extension}`;
}

/** Header or query parameter that carries a per-integration webhook token for providers that sign nothing. */
export const WEBHOOK_TOKEN_HEADER = 'x-webhook-token';
export const WEBHOOK_TOKEN_QUERY = 'token';

/**
 * For providers without request signatures (360dialog, Gupshup): the webhook URL we hand out carries a random
 * per-integration token (`?token=`), or the provider is configured to send it as `X-Webhook-Token`.
 */
export function verifyWebhookToken(request: WebhookRequest, expected: string): VerifyResult {
  const received = request.headers[WEBHOOK_TOKEN_HEADER] ?? request.query[WEBHOOK_TOKEN_QUERY];
  if (!received) return { ok: false, status: 401, reason: 'missing webhook token' };
  return safeEqual(received, expected)
    ? { ok: true }
    : { ok: false, status: 401, reason: 'webhook token does not match' };
}
