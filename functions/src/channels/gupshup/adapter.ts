import { LIMITS } from '@atende/shared/domain/constants';
import * as z from 'zod';
import {
  type ChannelOutbound,
  type ChannelLimits,
  ChannelSendError,
  type OutboundMessage,
  type SendErrorCode,
  type TemplateParameter,
  checkOutbound,
  verifyWebhookToken,
  withWebhook,
} from '../adapter.ts';
import { callProvider, download, joinUrl, retryAfterSeconds } from '../meta/graph.ts';
import { parseGupshupWebhook } from './parse.ts';

/**
 * Gupshup WhatsApp API: form-encoded sends to `{base}/wa/api/v1/msg` (templates to `/wa/api/v1/template/msg`)
 * with the `apikey` header; callbacks in Gupshup's v2 format (set the app's callback to v2).
 *
 * Webhook authenticity: Gupshup signs nothing. Each integration gets a random `webhook_token`; the callback URL
 * set on the Gupshup app is ours with `?token=<webhook_token>`; anything else is answered 401.
 */
export const gupshupCredentials = z.object({
  /** The business number, E.164 digits: Gupshup's `source`. */
  phone: z.string().regex(/^\d{8,15}$/),
  /** The Gupshup app name: `src.name`. */
  app_name: z.string().min(1),
  api_key: z.string().min(1),
  webhook_token: z.string().min(16),
});
export type GupshupCredentials = z.infer<typeof gupshupCredentials>;

export const GUPSHUP_BASE_URL = 'https://api.gupshup.io';

/** Spec point 9: 100 MB media when the integration type is gupshup. */
export const gupshupLimits: ChannelLimits = {
  mediaBytes: LIMITS.mediaUploadBytesGupshup,
  refusedExtensions: [],
  textLength: 4096,
  templates: true,
};

function messageJson(message: Exclude<OutboundMessage, { kind: 'template' }>): Record<string, string> {
  if (message.kind === 'text') return { type: 'text', text: message.text };
  const { type, url, caption, filename } = message.media;
  const withCaption: Record<string, string> = caption ? { caption } : {};
  switch (type) {
    case 'image':
      return { type: 'image', originalUrl: url, previewUrl: url, ...withCaption };
    case 'video':
      return { type: 'video', url, ...withCaption };
    case 'audio':
      return { type: 'audio', url };
    case 'document':
      return {
        type: 'file',
        url,
        filename: filename ?? (new URL(url).pathname.split('/').pop() || 'file'),
        ...withCaption,
      };
  }
}

/** Form fields of a send: session messages carry `message`, templates `template` (by Gupshup template id). */
function formFields(message: OutboundMessage, credentials: GupshupCredentials): Record<string, string> {
  const envelope = {
    channel: 'whatsapp',
    source: credentials.phone,
    destination: message.to,
    'src.name': credentials.app_name,
  };
  if (message.kind !== 'template') return { ...envelope, message: JSON.stringify(messageJson(message)) };
  const { id, components = [] } = message.template;
  if (!id) {
    throw new ChannelSendError({
      code: 'unsupported_message',
      message: 'Gupshup sends templates by id',
      retryable: false,
    });
  }
  const params = components
    .filter((component) => component.type === 'body')
    .flatMap((component) => component.parameters)
    .flatMap((parameter) => (parameter.type === 'text' ? [parameter.text] : []));
  const header = headerMedia(components.find((component) => component.type === 'header')?.parameters[0]);
  return {
    ...envelope,
    template: JSON.stringify({ id, params }),
    ...(header ? { message: JSON.stringify(header) } : {}),
  };
}

/** A media template header goes in `message` as `{type, <type>: {link}}`. */
function headerMedia(parameter: TemplateParameter | undefined): Record<string, unknown> | undefined {
  switch (parameter?.type) {
    case 'image':
      return { type: 'image', image: { link: parameter.image.link } };
    case 'video':
      return { type: 'video', video: { link: parameter.video.link } };
    case 'document':
      return {
        type: 'document',
        document: { link: parameter.document.link, filename: parameter.document.filename },
      };
    default:
      return undefined;
  }
}

/**
 * Gupshup's refusals that name a misconfigured integration rather than a bad request: an unknown API key
 * (401 'Authentication Failed' or 'Portal User Not Found With APIKey') and an app name that does not match
 * the key (400 'Invalid App Details'); an administrator must fix the credentials.
 */
const CREDENTIAL_MESSAGES = [/authentication failed/i, /portal user not found/i, /invalid app details/i];
/** 400 'Invalid Destination': the number is not one WhatsApp can reach. */
const RECIPIENT_MESSAGES = [/invalid destination/i];

const detailOf = (body: unknown, status: number): string =>
  body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : typeof body === 'string' && body
      ? body
      : `Gupshup answered HTTP ${status}`;

/** Gupshup answers `{status: 'error', message}`; the HTTP status and the message tell the kind of failure. */
function gupshupFailure(status: number, body: unknown, retryAfter: number | undefined): ChannelSendError {
  const detail = detailOf(body, status);
  const build = (code: SendErrorCode, retryable: boolean, seconds?: number) =>
    new ChannelSendError({
      code,
      message: detail,
      retryable,
      retryAfterSeconds: seconds,
      providerCode: `http_${status}`,
    });
  if (status === 429) return build('rate_limited', true, retryAfter ?? 60);
  if (status >= 500) return build('provider_unavailable', true, retryAfter ?? 30);
  if (status === 401 || status === 403 || CREDENTIAL_MESSAGES.some((pattern) => pattern.test(detail))) {
    return build('auth_failed', false);
  }
  if (RECIPIENT_MESSAGES.some((pattern) => pattern.test(detail)))
    return build('recipient_unavailable', false);
  return build('invalid_request', false);
}

export const mapGupshupFailure = (response: Response, body: unknown): ChannelSendError =>
  gupshupFailure(response.status, body, retryAfterSeconds(response));

/** A 2xx answer: `{status: 'submitted', messageId}`, the id every message-event refers to; anything else failed. */
function submittedId(body: unknown): string {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (record.status === 'submitted' && typeof record.messageId === 'string' && record.messageId)
    return record.messageId;
  // An error answered with a 2xx status is classified by its message alone.
  if (record.status === 'error') throw gupshupFailure(200, body, undefined);
  // Accepted or not is unknown: a resend could reach the customer twice, so the operator decides.
  throw new ChannelSendError({
    code: 'provider_unavailable',
    message: 'Gupshup answered no messageId',
    retryable: false,
  });
}

export const gupshupOutbound: ChannelOutbound<GupshupCredentials> = {
  provider: 'gupshup',
  channel: 'official',
  limits: gupshupLimits,
  credentialsSchema: gupshupCredentials,
  defaultBaseUrl: GUPSHUP_BASE_URL,
  async fetchMedia(media, context) {
    if (media.ref.type !== 'url') {
      throw new ChannelSendError({
        code: 'invalid_request',
        message: 'Gupshup media comes by URL',
        retryable: false,
      });
    }
    // Inbound media URLs are pre-signed and expire (urlExpiry): fetch promptly, without the API key.
    const { body, contentType } = await download(context.fetchImpl, media.ref.url, {}, mapGupshupFailure);
    return { body, contentType: contentType ?? media.mimeType, fileName: media.fileName };
  },

  async send(message, context) {
    checkOutbound(message, gupshupLimits);
    const path = message.kind === 'template' ? 'wa/api/v1/template/msg' : 'wa/api/v1/msg';
    const body = await callProvider(
      context.fetchImpl,
      joinUrl(context.baseUrl ?? GUPSHUP_BASE_URL, path),
      {
        method: 'POST',
        headers: {
          apikey: context.credentials.api_key,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(formFields(message, context.credentials)).toString(),
      },
      mapGupshupFailure,
    );
    return { providerMessageId: submittedId(body) };
  },
};

export const gupshupAdapter = /* @__PURE__ */ withWebhook(gupshupOutbound, {
  verifyWebhook: (request, credentials) => verifyWebhookToken(request, credentials.webhook_token),
  parseWebhook: (rawBody, integration) => parseGupshupWebhook(rawBody, integration),
});
