import type { ChannelType } from '@atende/shared/channels/inbound';
import { providerSender } from '../channels/provider-senders.ts';
import { widgetSender } from '../channels/widget/channel.ts';
import { sessionSender } from '../channels/whatsapp-session/sender.ts';
import type { ChannelSender } from './sender.ts';

/**
 * The sender of every channel, named here rather than registered by the adapters on import: whatever
 * delivers (the messages API, the engine's auto replies, flows, campaigns) finds every channel, whichever
 * modules its Lambda happened to load.
 */
const CHANNEL_SENDERS: Readonly<Record<ChannelType, ChannelSender>> = {
  widget: widgetSender,
  whatsapp: sessionSender,
  official: providerSender,
  messenger: providerSender,
  instagram: providerSender,
  telegram: providerSender,
  email: providerSender,
};

const replaced = new Map<ChannelType, ChannelSender>();

export const senderFor = (channel: ChannelType): ChannelSender | undefined =>
  replaced.get(channel) ?? CHANNEL_SENDERS[channel];

/** Tests: a channel's sender replaced by a recording one; no sender restores the real one. */
export function replaceChannelSender(channel: ChannelType, sender?: ChannelSender): void {
  if (sender) replaced.set(channel, sender);
  else replaced.delete(channel);
}

/** Tests: every channel's real sender back (after a test file that replaced some). */
export function restoreChannelSenders(): void {
  replaced.clear();
}
