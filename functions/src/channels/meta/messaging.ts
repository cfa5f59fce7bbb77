import { LIMITS } from '@atende/shared/domain/constants';
import * as z from 'zod';
import {
  type ChannelAdapter,
  type ChannelOutbound,
  type ChannelLimits,
  ChannelSendError,
  type OutboundMedia,
  type OutboundMessage,
  type SendContext,
  checkOutbound,
  withWebhook,
} from '../adapter.ts';
import {
  GRAPH_BASE_URL,
  GRAPH_VERSION,
  callProvider,
  download,
  joinUrl,
  metaHandshake,
  verifyMetaSignature,
} from './graph.ts';
import { type MessagingChannel, parseMessagingWebhook } from './messaging-parse.ts';

/** Messenger and Instagram integrations, with the names the channels API takes (issue 6). */
export const messagingCredentials = z.object({
  page_id: z.string().min(1),
  /** The Instagram professional account id the webhook entries carry; when absent entries are not filtered. */
  instagram_account_id: z.string().min(1).optional(),
  access_token: z.string().min(1),
  app_secret: z.string().min(1),
  verify_token: z.string().min(1),
  api_version: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .optional(),
});
export type MessagingCredentials = z.infer<typeof messagingCredentials>;

export const messengerLimits: ChannelLimits = {
  mediaBytes: LIMITS.mediaUploadBytes,
  refusedExtensions: [],
  textLength: 2000,
  templates: false,
};

/** Spec point 9: Instagram takes jpg, jpeg, png, gif, mp4 and wav only; Meta caps its text at 1000. */
export const instagramLimits: ChannelLimits = {
  mediaBytes: LIMITS.mediaUploadBytes,
  refusedExtensions: [],
  allowedExtensions: ['jpg', 'jpeg', 'png', 'gif', 'mp4', 'wav'],
  textLength: 1000,
  templates: false,
};

const ATTACHMENT_TYPES: Record<OutboundMedia['type'], string> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'file',
};

function messagePayloads(message: OutboundMessage): Record<string, unknown>[] {
  switch (message.kind) {
    case 'text':
      return [{ text: message.text }];
    case 'media': {
      const { type, url, caption } = message.media;
      const attachment = {
        attachment: { type: ATTACHMENT_TYPES[type], payload: { url, is_reusable: false } },
      };
      // The Send API has no caption on attachments: the caption follows as its own text message.
      return caption ? [attachment, { text: caption }] : [attachment];
    }
    case 'template':
      throw new ChannelSendError({
        code: 'unsupported_message',
        message: 'templates are WhatsApp only',
        retryable: false,
      });
  }
}

function messageId(body: unknown): string {
  const id = body !== null && typeof body === 'object' && 'message_id' in body ? body.message_id : undefined;
  if (typeof id !== 'string' || id === '') {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: 'the Send API accepted the message but answered no message_id',
      retryable: false,
    });
  }
  return id;
}

function createMessagingOutbound(
  channel: MessagingChannel,
  limits: ChannelLimits,
): ChannelOutbound<MessagingCredentials> {
  const root = (context: SendContext<MessagingCredentials>) =>
    joinUrl(context.baseUrl ?? GRAPH_BASE_URL, context.credentials.api_version ?? GRAPH_VERSION);
  const bearer = (credentials: MessagingCredentials) => ({
    authorization: `Bearer ${credentials.access_token}`,
  });

  return {
    provider: channel,
    channel,
    limits,
    credentialsSchema: messagingCredentials,
    defaultBaseUrl: GRAPH_BASE_URL,
    async fetchMedia(media, context) {
      if (media.ref.type !== 'url') {
        throw new ChannelSendError({
          code: 'invalid_request',
          message: 'Meta messaging media comes by URL',
          retryable: false,
        });
      }
      // Attachment URLs are signed CDN links: no token needed (and none should leak to the CDN).
      const { body, contentType } = await download(context.fetchImpl, media.ref.url, {});
      return { body, contentType: contentType ?? media.mimeType, fileName: media.fileName };
    },

    async send(message, context) {
      checkOutbound(message, limits);
      const url = joinUrl(root(context), 'me', 'messages');
      let first: string | undefined;
      for (const payload of messagePayloads(message)) {
        const body = await callProvider(context.fetchImpl, url, {
          method: 'POST',
          headers: { ...bearer(context.credentials), 'content-type': 'application/json' },
          body: JSON.stringify({
            recipient: { id: message.to },
            messaging_type: 'RESPONSE',
            message: payload,
          }),
        });
        first ??= messageId(body);
      }
      if (!first)
        throw new ChannelSendError({ code: 'invalid_request', message: 'nothing to send', retryable: false });
      return { providerMessageId: first };
    },
  };
}

function createMessagingAdapter(
  channel: MessagingChannel,
  limits: ChannelLimits,
): ChannelAdapter<MessagingCredentials> {
  return withWebhook(createMessagingOutbound(channel, limits), {
    handshake: (query, credentials) => metaHandshake(query, credentials.verify_token),
    verifyWebhook: (request, credentials) => verifyMetaSignature(request, credentials.app_secret),
    parseWebhook: (rawBody, integration, credentials) =>
      parseMessagingWebhook(rawBody, {
        channel,
        integration,
        accountId: channel === 'messenger' ? credentials.page_id : credentials.instagram_account_id,
      }),
  });
}

// Pure calls: a bundle that only sends keeps the outbound halves alone (see withWebhook).
export const messengerOutbound = /* @__PURE__ */ createMessagingOutbound('messenger', messengerLimits);
export const instagramOutbound = /* @__PURE__ */ createMessagingOutbound('instagram', instagramLimits);
export const messengerAdapter = /* @__PURE__ */ createMessagingAdapter('messenger', messengerLimits);
export const instagramAdapter = /* @__PURE__ */ createMessagingAdapter('instagram', instagramLimits);
