import { WEBHOOK_TOKEN_HEADER } from '@atende/functions/channels/adapter';
import { TELEGRAM_SECRET_HEADER } from '@atende/functions/channels/telegram/adapter';
import { createHmac, randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';

/**
 * Inbound traffic as the providers send it: payload builders in each provider's webhook shape, the
 * authentication each adapter checks (Meta's X-Hub-Signature-256, Telegram's secret-token header, the
 * webhook token of 360dialog and Gupshup), and an SMTP client for inbound e-mail.
 */

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const randomId = () => randomBytes(10).toString('hex').toUpperCase();

export interface CustomerText {
  /** The customer's id on the channel: phone digits, PSID/IGSID, Telegram chat id. */
  from: string;
  name?: string | undefined;
  text: string;
  /** The provider's message id; random when omitted (a repeated id plays a redelivery). */
  id?: string | undefined;
  at?: Date | undefined;
}

/** A WhatsApp Cloud API `messages` notification (Meta, 360dialog and motor send this shape). */
export function whatsappTextPayload(
  message: CustomerText,
  phoneNumberId: string,
  displayPhone = '5500000000000',
) {
  const at = message.at ?? new Date();
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'sandbox-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhone, phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: message.name ?? message.from }, wa_id: message.from }],
              messages: [
                {
                  from: message.from,
                  id: message.id ?? `wamid.${Buffer.from(`sandbox-in-${randomId()}`).toString('base64')}`,
                  timestamp: String(unix(at)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export interface DeliveryStatus {
  /** The wamid the send API answered. */
  messageId: string;
  recipient: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at?: Date | undefined;
}

/** A WhatsApp Cloud API `statuses` notification; a failure carries Meta's undeliverable error. */
export function whatsappStatusPayload(
  update: DeliveryStatus,
  phoneNumberId: string,
  displayPhone = '5500000000000',
) {
  return whatsappStatusesPayload([update], phoneNumberId, displayPhone);
}

/** Several statuses of one number in one notification, as Meta may batch them. */
export function whatsappStatusesPayload(
  updates: readonly DeliveryStatus[],
  phoneNumberId: string,
  displayPhone = '5500000000000',
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'sandbox-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhone, phone_number_id: phoneNumberId },
              statuses: updates.map((update) => ({
                id: update.messageId,
                status: update.status,
                timestamp: String(unix(update.at ?? new Date())),
                recipient_id: update.recipient,
                ...(update.status === 'failed'
                  ? {
                      errors: [
                        { code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' },
                      ],
                    }
                  : {}),
              })),
            },
          },
        ],
      },
    ],
  };
}

/** A Messenger (`object: page`) or Instagram (`object: instagram`) messaging event. */
export function messagingTextPayload(message: CustomerText, accountId: string, object: 'page' | 'instagram') {
  const at = message.at ?? new Date();
  return {
    object,
    entry: [
      {
        id: accountId,
        time: at.getTime(),
        messaging: [
          {
            sender: { id: message.from },
            recipient: { id: accountId },
            timestamp: at.getTime(),
            message: { mid: message.id ?? `m_${randomId()}`, text: message.text },
          },
        ],
      },
    ],
  };
}

/** A Telegram Update with a private-chat text message; `id` is the update_id. */
export function telegramTextUpdate(message: CustomerText) {
  const chatId = Number(message.from);
  const [firstName = message.from, ...rest] = (message.name ?? message.from).split(' ');
  const person = { first_name: firstName, ...(rest.length ? { last_name: rest.join(' ') } : {}) };
  return {
    update_id: message.id ? Number(message.id) : Math.floor(Math.random() * 1e9),
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      from: { id: chatId, is_bot: false, ...person, language_code: 'pt-br' },
      chat: { id: chatId, type: 'private', ...person },
      date: unix(message.at ?? new Date()),
      text: message.text,
    },
  };
}

/** A Gupshup (API v2 format) inbound text message event. */
export function gupshupTextPayload(message: CustomerText, app: string) {
  const at = message.at ?? new Date();
  return {
    app,
    timestamp: at.getTime(),
    version: 2,
    type: 'message',
    payload: {
      id: message.id ?? randomId(),
      source: message.from,
      type: 'text',
      payload: { text: message.text },
      sender: {
        phone: message.from,
        name: message.name ?? message.from,
        country_code: message.from.slice(0, 2),
        dial_code: message.from.slice(2),
      },
    },
  };
}

/** `sha256=` + the hex HMAC-SHA256 of the exact body bytes, keyed with the app secret. */
export const metaSignature = (rawBody: string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

export type WebhookAuth =
  | { kind: 'meta'; appSecret: string }
  | { kind: 'telegram'; secretToken: string }
  | { kind: 'token'; token: string };

/** The headers that authenticate a webhook body the way the provider does. */
export function webhookHeaders(rawBody: string, auth: WebhookAuth): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.kind === 'meta') headers['x-hub-signature-256'] = metaSignature(rawBody, auth.appSecret);
  if (auth.kind === 'telegram') headers[TELEGRAM_SECRET_HEADER] = auth.secretToken;
  if (auth.kind === 'token') headers[WEBHOOK_TOKEN_HEADER] = auth.token;
  return headers;
}

export interface PostedWebhook {
  status: number;
  body: string;
  /** The payload as posted, e.g. to read the ids it carried. */
  payload: unknown;
}

/** Posts a provider payload to a webhook URL, authenticated as the provider would. */
export async function postWebhook(url: string, payload: unknown, auth: WebhookAuth): Promise<PostedWebhook> {
  const rawBody = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: webhookHeaders(rawBody, auth),
    body: rawBody,
  });
  return { status: response.status, body: await response.text(), payload };
}

export interface InboundEmail {
  smtp: { host: string; port: number };
  from: string;
  fromName?: string | undefined;
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
  attachments?: { fileName: string; contentType: string; content: Uint8Array }[] | undefined;
}

/** Sends a customer's e-mail to an SMTP server (the local runtime's inbound server); answers its Message-ID. */
export async function sendInboundEmail(email: InboundEmail): Promise<string> {
  const transporter = createTransport({
    host: email.smtp.host,
    port: email.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  const info = await transporter.sendMail({
    from: email.fromName ? { name: email.fromName, address: email.from } : email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
    ...(email.references ? { references: email.references } : {}),
    attachments: (email.attachments ?? []).map((attachment) => ({
      filename: attachment.fileName,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
  });
  transporter.close();
  return info.messageId;
}

/**
 * The WhatsApp Business Account changes that are about the number or its templates, in the Cloud API webhook's
 * documented shapes: `phone_number_quality_update` (event FLAGGED / UNFLAGGED / DOWNGRADE / UPGRADE with the
 * number's `current_limit` tier), `account_update` (e.g. ACCOUNT_RESTRICTION), `message_template_status_update`
 * (event APPROVED / REJECTED / PAUSED / DISABLED ... with the template's id, name and language).
 */
export type BusinessChange =
  | { field: 'phone_number_quality_update'; event: string; currentLimit: string; displayPhone?: string }
  | { field: 'account_update'; event: string; phoneNumber?: string }
  | {
      field: 'message_template_status_update';
      event: string;
      templateId: string;
      name: string;
      language: string;
      reason?: string;
    };

export function whatsappBusinessChangePayload(change: BusinessChange, wabaId = 'sandbox-waba') {
  const value =
    change.field === 'phone_number_quality_update'
      ? {
          display_phone_number: change.displayPhone ?? '5500000000000',
          event: change.event,
          current_limit: change.currentLimit,
        }
      : change.field === 'account_update'
        ? { phone_number: change.phoneNumber ?? '5500000000000', event: change.event }
        : {
            event: change.event,
            message_template_id: Number(change.templateId),
            message_template_name: change.name,
            message_template_language: change.language,
            reason: change.reason ?? 'NONE',
          };
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: unix(new Date()), changes: [{ field: change.field, value }] }],
  };
}

/** Meta tells the product about its number or a template: a signed Cloud API webhook with the change. */
export const postBusinessChange = (to: string, appSecret: string, change: BusinessChange) =>
  postWebhook(to, whatsappBusinessChangePayload(change), { kind: 'meta', appSecret });
