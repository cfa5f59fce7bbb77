import { LIMITS } from '@atende/shared/domain/constants';
import * as z from 'zod';
import {
  type ChannelAdapter,
  type ChannelOutbound,
  type ChannelLimits,
  ChannelSendError,
  type FetchedMedia,
  type ProviderMedia,
  type SendContext,
  checkOutbound,
  withWebhook,
} from '../adapter.ts';
import { parseCloudApiWebhook } from './cloud-api-parse.ts';
import { cloudApiMessageBody, cloudApiMessageId } from './cloud-api-send.ts';
import {
  GRAPH_BASE_URL,
  GRAPH_VERSION,
  callProvider,
  download,
  joinUrl,
  metaHandshake,
  verifyMetaSignature,
} from './graph.ts';

/** The stored Meta WhatsApp integration, with the names the channels API takes (issue 6). */
export const cloudApiCredentials = z.object({
  phone: z.string().optional(),
  phone_number_id: z.string().min(1),
  access_token: z.string().min(1),
  app_secret: z.string().min(1),
  verify_token: z.string().min(1),
  /** Graph API version, when an integration must stay on an older one. */
  api_version: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .optional(),
  /** The API root of this integration, for providers without a single public one (motor). */
  base_url: z.string().url().optional(),
});
export type CloudApiCredentials = z.infer<typeof cloudApiCredentials>;

export const WHATSAPP_TEXT_LENGTH = 4096;

export const cloudApiLimits: ChannelLimits = {
  mediaBytes: LIMITS.mediaUploadBytes,
  refusedExtensions: [],
  textLength: WHATSAPP_TEXT_LENGTH,
  templates: true,
};

export interface CloudApiAdapterOptions {
  provider: string;
  defaultBaseUrl: string;
  limits: ChannelLimits;
  credentialsSchema?: z.ZodType<CloudApiCredentials>;
}

const bearer = (credentials: CloudApiCredentials) => ({
  authorization: `Bearer ${credentials.access_token}`,
});

/**
 * The outbound half of an adapter for an API that is the WhatsApp Cloud API at some base URL: Meta's own Graph
 * API, and motor (whose API the spec does not describe, so it is assumed Cloud-API-compatible; see
 * motor/adapter.ts).
 */
export function createCloudApiOutbound(
  options: CloudApiAdapterOptions,
): ChannelOutbound<CloudApiCredentials> {
  const root = (context: SendContext<CloudApiCredentials>) =>
    joinUrl(
      context.baseUrl ?? context.credentials.base_url ?? options.defaultBaseUrl,
      context.credentials.api_version ?? GRAPH_VERSION,
    );

  return {
    provider: options.provider,
    channel: 'official',
    limits: options.limits,
    credentialsSchema: options.credentialsSchema ?? cloudApiCredentials,
    defaultBaseUrl: options.defaultBaseUrl,
    async fetchMedia(media: ProviderMedia, context): Promise<FetchedMedia> {
      const url = await mediaUrl(media, context, root(context));
      const { body, contentType } = await download(context.fetchImpl, url, bearer(context.credentials));
      return { body, contentType: contentType ?? media.mimeType, fileName: media.fileName };
    },

    async send(message, context) {
      checkOutbound(message, options.limits);
      const body = await callProvider(
        context.fetchImpl,
        joinUrl(root(context), context.credentials.phone_number_id, 'messages'),
        {
          method: 'POST',
          headers: { ...bearer(context.credentials), 'content-type': 'application/json' },
          body: JSON.stringify(cloudApiMessageBody(message)),
        },
      );
      return { providerMessageId: cloudApiMessageId(body) };
    },
  };
}

/** Media ids resolve through `GET /{version}/{media-id}` to a short-lived URL that needs the same token. */
async function mediaUrl(
  media: ProviderMedia,
  context: SendContext<CloudApiCredentials>,
  root: string,
): Promise<string> {
  if (media.ref.type === 'url') return media.ref.url;
  const info = await callProvider(context.fetchImpl, joinUrl(root, media.ref.id), {
    method: 'GET',
    headers: bearer(context.credentials),
  });
  const url = info !== null && typeof info === 'object' && 'url' in info ? info.url : undefined;
  if (typeof url !== 'string') {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: `media ${media.ref.id} has no download URL`,
      retryable: true,
      retryAfterSeconds: 30,
    });
  }
  return url;
}

/** The Cloud API adapter: the outbound half with Meta's handshake, signature check and webhook parsing. */
export function createCloudApiAdapter(options: CloudApiAdapterOptions): ChannelAdapter<CloudApiCredentials> {
  return withWebhook(createCloudApiOutbound(options), {
    handshake: (query, credentials) => metaHandshake(query, credentials.verify_token),
    verifyWebhook: (request, credentials) => verifyMetaSignature(request, credentials.app_secret),
    parseWebhook: (rawBody, integration, credentials) =>
      parseCloudApiWebhook(rawBody, { integration, phoneNumberId: credentials.phone_number_id }),
  });
}

const metaOptions: CloudApiAdapterOptions = {
  provider: 'meta',
  defaultBaseUrl: GRAPH_BASE_URL,
  limits: cloudApiLimits,
};

// Pure calls: a bundle that only sends keeps the outbound half alone (see withWebhook).
export const metaWhatsappOutbound = /* @__PURE__ */ createCloudApiOutbound(metaOptions);
export const metaWhatsappAdapter = /* @__PURE__ */ createCloudApiAdapter(metaOptions);
