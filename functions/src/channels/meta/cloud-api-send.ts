import { ChannelSendError, type OutboundMessage } from '../adapter.ts';

/**
 * The Cloud API `/messages` request body for a normalized message (360dialog and motor take the same body).
 * Media goes by link: the provider downloads the presigned URL itself, so no upload step is needed.
 */
export function cloudApiMessageBody(message: OutboundMessage): Record<string, unknown> {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  switch (message.kind) {
    case 'text':
      return {
        ...envelope,
        type: 'text',
        text: { preview_url: /https?:\/\//.test(message.text), body: message.text },
      };
    case 'media': {
      const { type, url, caption, filename } = message.media;
      const media: Record<string, string> = { link: url };
      // WhatsApp shows no caption on audio and refuses one there.
      if (caption && type !== 'audio') media.caption = caption;
      if (filename && type === 'document') media.filename = filename;
      return { ...envelope, type, [type]: media };
    }
    case 'template': {
      const { name, language, components } = message.template;
      return {
        ...envelope,
        type: 'template',
        template: { name, language: { code: language }, ...(components?.length ? { components } : {}) },
      };
    }
  }
}

/** `{messaging_product, contacts: [...], messages: [{id}]}`: the wamid every later status refers to. */
export function cloudApiMessageId(body: unknown): string {
  const messages =
    body !== null && typeof body === 'object' && 'messages' in body && Array.isArray(body.messages)
      ? (body.messages as unknown[])
      : [];
  const first = messages[0];
  const id = first !== null && typeof first === 'object' && first && 'id' in first ? first.id : undefined;
  if (typeof id !== 'string' || id === '') {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: 'the provider accepted the message but answered no message id',
      retryable: false,
    });
  }
  return id;
}
