import {
  type CustomerText,
  gupshupTextPayload,
  messagingTextPayload,
  type PostedWebhook,
  postWebhook,
  sendInboundEmail,
  telegramTextUpdate,
  whatsappTextPayload,
} from './webhooks.ts';

/** A customer's text on one channel, with what that channel's webhook needs to be accepted. */
export type InboundInput = CustomerText &
  (
    | { channel: 'whatsapp' | 'motor'; to: string; appSecret: string; phoneNumberId: string }
    | { channel: 'dialog'; to: string; token: string; phoneNumberId: string }
    | { channel: 'gupshup'; to: string; token: string; app: string }
    | { channel: 'messenger' | 'instagram'; to: string; appSecret: string; accountId: string }
    | { channel: 'telegram'; to: string; secretToken: string }
    | {
        channel: 'email';
        smtp: { host: string; port: number };
        /** The integration's address the customer writes to. */
        mailbox: string;
        subject: string;
        inReplyTo?: string | undefined;
        references?: string[] | undefined;
      }
  );

export const INBOUND_CHANNELS = [
  'whatsapp',
  'motor',
  'dialog',
  'gupshup',
  'messenger',
  'instagram',
  'telegram',
  'email',
] as const;

/** The outcome: the webhook's HTTP answer, or the Message-ID of the e-mail handed to the SMTP server. */
export type InboundResult = PostedWebhook | { messageId: string };

/** Plays the customer: builds the channel's payload and delivers it authenticated as the provider would. */
export async function postInbound(input: InboundInput): Promise<InboundResult> {
  switch (input.channel) {
    case 'whatsapp':
    case 'motor':
      return postWebhook(input.to, whatsappTextPayload(input, input.phoneNumberId), {
        kind: 'meta',
        appSecret: input.appSecret,
      });
    case 'dialog':
      return postWebhook(input.to, whatsappTextPayload(input, input.phoneNumberId), {
        kind: 'token',
        token: input.token,
      });
    case 'gupshup':
      return postWebhook(input.to, gupshupTextPayload(input, input.app), {
        kind: 'token',
        token: input.token,
      });
    case 'messenger':
    case 'instagram':
      return postWebhook(
        input.to,
        messagingTextPayload(input, input.accountId, input.channel === 'messenger' ? 'page' : 'instagram'),
        { kind: 'meta', appSecret: input.appSecret },
      );
    case 'telegram':
      return postWebhook(input.to, telegramTextUpdate(input), {
        kind: 'telegram',
        secretToken: input.secretToken,
      });
    case 'email': {
      const messageId = await sendInboundEmail({
        smtp: input.smtp,
        from: input.from,
        fromName: input.name,
        to: input.mailbox,
        subject: input.subject,
        text: input.text,
        inReplyTo: input.inReplyTo,
        references: input.references,
      });
      return { messageId };
    }
  }
}
