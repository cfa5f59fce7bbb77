import { CHANNEL_TYPES } from '@atende/shared/channels/inbound';
import { describe, expect, it } from 'vitest';
import { providerSender } from '../channels/provider-senders.ts';
import { widgetSender } from '../channels/widget/channel.ts';
import { sessionSender } from '../channels/whatsapp-session/sender.ts';
import { replaceChannelSender, senderFor } from './senders.ts';

describe('the sender map', () => {
  it('names a sender for every channel, with nothing else imported first', () => {
    for (const channel of CHANNEL_TYPES) expect(senderFor(channel), channel).toBeTypeOf('function');
    expect(senderFor('widget')).toBe(widgetSender);
    expect(senderFor('whatsapp')).toBe(sessionSender);
    for (const channel of ['official', 'messenger', 'instagram', 'telegram', 'email'] as const) {
      expect(senderFor(channel)).toBe(providerSender);
    }
  });

  it('lets a test replace one channel and restore it', () => {
    const recording = async () => ({ providerMessageId: 'x' });
    replaceChannelSender('telegram', recording);
    expect(senderFor('telegram')).toBe(recording);
    expect(senderFor('email')).toBe(providerSender);
    replaceChannelSender('telegram');
    expect(senderFor('telegram')).toBe(providerSender);
  });
});
