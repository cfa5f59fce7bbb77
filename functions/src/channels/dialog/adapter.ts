import * as z from 'zod';
import {
  type ChannelOutbound,
  ChannelSendError,
  checkOutbound,
  verifyWebhookToken,
  withWebhook,
} from '../adapter.ts';
import { parseCloudApiWebhook } from '../meta/cloud-api-parse.ts';
import { cloudApiMessageBody, cloudApiMessageId } from '../meta/cloud-api-send.ts';
import { callProvider, download, graphError, joinUrl, mapGraphFailure } from '../meta/graph.ts';
import { cloudApiLimits } from '../meta/whatsapp.ts';

/**
 * 360dialog ("dialog" in whatsapps_integrations_type) hosts the WhatsApp Cloud API behind its own base URL:
 * the same `/messages` bodies and webhook payloads, authenticated with the `D360-API-KEY` header.
 *
 * Webhook authenticity: 360dialog signs nothing. Each integration gets a random `webhook_token`; the webhook
 * URL set on 360dialog (`POST {base}/v1/configs/webhook {url, headers}`) is ours with `?token=<webhook_token>`,
 * or the token goes in the custom header `X-Webhook-Token`; anything else is answered 401.
 */
export const dialogCredentials = z.object({
  phone: z.string().optional(),
  api_key: z.string().min(1),
  webhook_token: z.string().min(16),
  /** When known, changes for another number are skipped. */
  phone_number_id: z.string().min(1).optional(),
});
export type DialogCredentials = z.infer<typeof dialogCredentials>;

export const DIALOG_BASE_URL = 'https://waba-v2.360dialog.io';

/** 360dialog's own errors: `{meta: {success: false, http_code, developer_message}}`; Meta's pass through. */
function mapDialogFailure(response: Response, body: unknown): ChannelSendError {
  if (graphError(body)) return mapGraphFailure(response, body);
  const meta = body !== null && typeof body === 'object' && 'meta' in body ? body.meta : undefined;
  const message =
    meta !== null && typeof meta === 'object' && meta && 'developer_message' in meta
      ? String(meta.developer_message)
      : undefined;
  return mapGraphFailure(response, message ? { error: { message } } : body);
}

const apiKey = (credentials: DialogCredentials) => ({ 'D360-API-KEY': credentials.api_key });

export const dialogOutbound: ChannelOutbound<DialogCredentials> = {
  provider: 'dialog',
  channel: 'official',
  limits: cloudApiLimits,
  credentialsSchema: dialogCredentials,
  defaultBaseUrl: DIALOG_BASE_URL,
  async fetchMedia(media, context) {
    const base = context.baseUrl ?? DIALOG_BASE_URL;
    let url: string;
    if (media.ref.type === 'url') {
      url = media.ref.url;
    } else {
      const info = await callProvider(
        context.fetchImpl,
        joinUrl(base, media.ref.id),
        { method: 'GET', headers: apiKey(context.credentials) },
        mapDialogFailure,
      );
      const metaUrl = info !== null && typeof info === 'object' && 'url' in info ? info.url : undefined;
      if (typeof metaUrl !== 'string') {
        throw new ChannelSendError({
          code: 'provider_unavailable',
          message: `media ${media.ref.id} has no download URL`,
          retryable: true,
          retryAfterSeconds: 30,
        });
      }
      // Meta's CDN does not take the API key: 360dialog proxies the same path and query on its own host.
      const { pathname, search } = new URL(metaUrl);
      url = `${base.replace(/\/+$/, '')}${pathname}${search}`;
    }
    const { body, contentType } = await download(
      context.fetchImpl,
      url,
      apiKey(context.credentials),
      mapDialogFailure,
    );
    return { body, contentType: contentType ?? media.mimeType, fileName: media.fileName };
  },

  async send(message, context) {
    checkOutbound(message, cloudApiLimits);
    const body = await callProvider(
      context.fetchImpl,
      joinUrl(context.baseUrl ?? DIALOG_BASE_URL, 'messages'),
      {
        method: 'POST',
        headers: { ...apiKey(context.credentials), 'content-type': 'application/json' },
        body: JSON.stringify(cloudApiMessageBody(message)),
      },
      mapDialogFailure,
    );
    return { providerMessageId: cloudApiMessageId(body) };
  },
};

export const dialogAdapter = /* @__PURE__ */ withWebhook(dialogOutbound, {
  verifyWebhook: (request, credentials) => verifyWebhookToken(request, credentials.webhook_token),
  parseWebhook: (rawBody, integration, credentials) =>
    parseCloudApiWebhook(rawBody, { integration, phoneNumberId: credentials.phone_number_id }),
});
