import type { ChannelType } from '@atende/shared/channels/inbound';

/** One person as a channel names them: the channel, the integration it came through and its id there. */
export interface ChannelAddress {
  channel: ChannelType;
  integrationId: string;
  externalId: string;
}

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * How a channel names one person across the company: a WhatsApp number is the same customer on every
 * WhatsApp integration (official or not) and an e-mail address on every mailbox; the other channels' ids
 * (PSID, Telegram chat, widget visitor) only mean something inside their integration.
 */
export function identityOf(identity: ChannelAddress): string {
  if (identity.channel === 'whatsapp' || identity.channel === 'official') {
    return `whatsapp#${digits(identity.externalId) || identity.externalId}`;
  }
  if (identity.channel === 'email') return `email#${identity.externalId.trim().toLowerCase()}`;
  return `${identity.channel}#${identity.integrationId}#${identity.externalId}`;
}
