import { ChannelSendError, type OutboundMenu, type OutboundMessage } from '../adapter.ts';

/** WhatsApp's interactive limits: reply buttons (3, titles of 20), list rows (10, titles of 24), body 1024. */
const BUTTONS_MAX = 3;
const BUTTON_TITLE_MAX = 20;
const ROWS_MAX = 10;
const ROW_TITLE_MAX = 24;
const BODY_MAX = 1024;
const LIST_BUTTON = 'Opções';

/**
 * A bot menu as WhatsApp's own interactive message: reply buttons up to three options, a list up to ten.
 * Options whose labels WhatsApp would cut, or more than ten, stay numbered text (the customer still answers
 * by number or name).
 */
export function interactiveMenu(menu: OutboundMenu): Record<string, unknown> | undefined {
  const { prompt, options } = menu;
  if (prompt.length > BODY_MAX || options.length > ROWS_MAX) return undefined;
  if (options.length <= BUTTONS_MAX && options.every((option) => option.label.length <= BUTTON_TITLE_MAX)) {
    return {
      type: 'button',
      body: { text: prompt },
      action: {
        buttons: options.map((option) => ({ type: 'reply', reply: { id: option.id, title: option.label } })),
      },
    };
  }
  if (options.some((option) => option.label.length > ROW_TITLE_MAX)) return undefined;
  return {
    type: 'list',
    body: { text: prompt },
    action: {
      button: LIST_BUTTON,
      sections: [
        { title: LIST_BUTTON, rows: options.map((option) => ({ id: option.id, title: option.label })) },
      ],
    },
  };
}

/**
 * The Cloud API `/messages` request body for a normalized message (360dialog and motor take the same body).
 * Media goes by link: the provider downloads the presigned URL itself, so no upload step is needed.
 */
export function cloudApiMessageBody(message: OutboundMessage): Record<string, unknown> {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  switch (message.kind) {
    case 'text': {
      const interactive = message.menu ? interactiveMenu(message.menu) : undefined;
      if (interactive) return { ...envelope, type: 'interactive', interactive };
      return {
        ...envelope,
        type: 'text',
        text: { preview_url: /https?:\/\//.test(message.text), body: message.text },
      };
    }
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
