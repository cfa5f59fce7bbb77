import type { ChannelType } from '@atende/shared/channels/inbound';
import type { MessagingChannel } from '@atende/shared/domain/message';
import type { UploadCheck, UploadTarget } from '@atende/shared/rules/upload';
import { checkUpload } from '@atende/shared/rules/upload';

/** Official WhatsApp providers share WhatsApp's limits and type lists. */
export function messagingChannelOf(channel: ChannelType): MessagingChannel {
  return channel === 'official' ? 'whatsapp' : channel;
}

/** Only official WhatsApp and Messenger close the conversation after 86400 s without the customer (spec point 4). */
export const hasConversationWindow = (channel: ChannelType): boolean =>
  channel === 'official' || channel === 'messenger';

export function uploadTarget(channel: ChannelType, integrationType: string | undefined): UploadTarget {
  return {
    channel: messagingChannelOf(channel),
    integrationType: integrationType ?? (channel === 'official' ? 'official' : undefined),
  };
}

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** The browser's File as the spec's upload check reads it; an empty mime stays empty (treated as audio there). */
export function precheckFile(file: PickedFile, target: UploadTarget): UploadCheck {
  return checkUpload({ fileName: file.name, mimeType: file.type, size: file.size }, target);
}
