import { GetObjectCommand } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { ENV } from '@atende/shared/infra/env';
import { readCompanyItem } from '../../company/store.ts';
import { timezoneOf } from '../../conversations/queue-rules.ts';
import type { ConversationRecord } from '../../conversations/records.ts';
import type { ProviderIntegrationRecord } from '../../integrations/records.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { ChannelSendError } from '../adapter.ts';
import { sendEmail } from './adapter.ts';
import type { OutboundAttachment } from './outbound.ts';
import { replyContextOf } from './reply-context.ts';
import { type EmailTransport, sesTransport, smtpTransport } from './transport.ts';

/**
 * The e-mail transport of this environment: the SMTP URL in PROVIDER_BASE_URLS.smtp (the local sandbox's
 * sink), else SES in the function's region.
 */
function environmentTransport(): EmailTransport {
  const raw = process.env[ENV.providerBaseUrls];
  const smtp = raw ? (JSON.parse(raw) as Record<string, unknown>).smtp : undefined;
  if (typeof smtp === 'string') {
    const url = new URL(smtp);
    return smtpTransport({ host: url.hostname, port: Number(url.port || 25) });
  }
  const region = process.env.AWS_REGION ?? 'us-east-1';
  return sesTransport(new SESv2Client({ region }), { region });
}

let override: EmailTransport | undefined;

/** Tests replace the transport (a recording one); no argument restores the environment's. */
export function setEmailTransport(transport?: EmailTransport): void {
  override = transport;
}

/** The transport of this environment (or a test's), also carrying the product's own mails to people. */
export const emailTransport = (): EmailTransport => override ?? environmentTransport();

/** The operator's file, read from the media bucket (an SES raw message carries its attachments inline). */
async function attachmentOf(media: NonNullable<MessageView['media']>): Promise<OutboundAttachment> {
  try {
    const object = await clients().s3.send(
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
  credentials: Record<string, string>,
): Promise<{ providerMessageId: string }> {
  const [reply, company, attachment] = await Promise.all([
    replyContextOf(conversation),
    readCompanyItem(conversation.company),
    message.media ? attachmentOf(message.media) : undefined,
  ]);
  const name = conversation.customer.full_name;
  return sendEmail(
    {
      from: { address: credentials.email ?? '', name: record.label },
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
