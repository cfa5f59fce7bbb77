import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { readCompanyItem } from '../../company/store.ts';
import { timezoneOf } from '../../conversations/queue-rules.ts';
import type { ConversationRecord } from '../../conversations/records.ts';
import type { ProviderIntegrationRecord } from '../../integrations/records.ts';
import { s3Client } from '../../lib/s3-client.ts';
import { config } from '../../lib/config.ts';
import { ChannelSendError } from '../adapter.ts';
import { sendEmail } from './adapter.ts';
import type { OutboundAttachment } from './outbound.ts';
import { replyContextOf } from './reply-context.ts';
import { emailTransport } from './environment-transport.ts';
import { mailboxOf } from './mailboxes.ts';

/** The operator's file, read from the media bucket (an SES raw message carries its attachments inline). */
async function attachmentOf(media: NonNullable<MessageView['media']>): Promise<OutboundAttachment> {
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: config().mediaBucket, Key: media.file_path }),
    );
    const content = await object.Body?.transformToByteArray();
    if (!content) throw new Error('empty object');
    return { fileName: media.file_name, contentType: object.ContentType, content };
  } catch (error) {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: `could not read the attachment: ${error instanceof Error ? error.message : String(error)}`,
      retryable: true,
    });
  }
}

/**
 * An operator's answer in an e-mail conversation: from the integration's address under its label, to the
 * customer, as a reply to their last e-mail (threading headers, 'Re:' subject, the quoted message, dates in
 * the company's time zone). The Message-ID it answers is what the customer's next reply will name, and the
 * delivery stores it on the message (provider id), so that reply finds its way back here.
 */
export async function sendByEmail(
  message: MessageView,
  conversation: ConversationRecord,
  record: ProviderIntegrationRecord,
): Promise<{ providerMessageId: string }> {
  // Only a proven address sends (a new address waiting for its code does not yet).
  const from = mailboxOf(record);
  if (!from) {
    throw new ChannelSendError({
      code: 'invalid_request',
      message: 'the mailbox address is not confirmed',
      retryable: false,
    });
  }
  const [reply, company, attachment] = await Promise.all([
    replyContextOf(conversation),
    readCompanyItem(conversation.company),
    message.media ? attachmentOf(message.media) : undefined,
  ]);
  const name = conversation.customer.full_name;
  return sendEmail(
    {
      from: { address: from, name: record.label },
      to: [
        {
          address: conversation.external_id,
          name: name && name !== conversation.external_id ? name : undefined,
        },
      ],
      text: message.content,
      attachments: attachment ? [attachment] : undefined,
      replyTo: reply,
    },
    emailTransport(),
    { timeZone: timezoneOf(company) },
  );
}
