import type { Authenticity } from './authenticity.ts';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { enqueueInbound } from '../../conversations/enqueue.ts';
import { s3Client } from '../../lib/s3-client.ts';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { inboundMediaKey } from '../../webhooks/pending-media.ts';
import { type EmailAttachment, parseInboundEmail } from './inbound.ts';
import { findMailbox, normalizedAddress } from './mailboxes.ts';

export interface IngestedEmail {
  /** Integrations the mail was handed to, by id. */
  integrations: string[];
  /** Events enqueued (text and one per attachment, per integration). */
  enqueued: number;
  /** Recipients that are no integration's mailbox. */
  unknownRecipients: string[];
}

async function stored(event: InboundMessage, attachment: EmailAttachment): Promise<InboundMessage> {
  const key = inboundMediaKey(event, attachment.fileName);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config().mediaBucket,
      Key: key,
      Body: attachment.content,
      ContentType: attachment.contentType,
    }),
  );
  return {
    ...event,
    media: {
      kind: attachment.kind,
      file_path: key,
      file_name: attachment.fileName,
      file_type: attachment.contentType,
      size: attachment.size,
    },
  };
}

/**
 * One received e-mail, from the SES receipt rule (AWS) or the local SMTP server: each envelope recipient that
 * is an e-mail integration's mailbox gets the parsed messages in its inbound queue, attachments copied into
 * the media bucket first (under keys a redelivery overwrites). The integration alone fixes the company.
 */
export async function ingestEmail(
  raw: Uint8Array,
  recipients: readonly string[],
  receivedAt: Date,
  authenticity?: Authenticity,
): Promise<IngestedEmail> {
  const result: IngestedEmail = { integrations: [], enqueued: 0, unknownRecipients: [] };
  for (const recipient of new Set(recipients.map(normalizedAddress))) {
    const record = await findMailbox(recipient);
    if (!record) {
      result.unknownRecipients.push(recipient);
      continue;
    }
    if (result.integrations.includes(record._id)) continue;
    result.integrations.push(record._id);
    const parsed = await parseInboundEmail(
      raw,
      { companyId: record.company, integrationId: record._id },
      { receivedAt, ...(authenticity ? { authenticity } : {}) },
    );
    if (parsed.ignored.length > 0) {
      logger.info('inbound e-mail items ignored', { integrationId: record._id, ignored: parsed.ignored });
    }
    for (const item of parsed.items) {
      const event = item.attachment ? await stored(item.event, item.attachment) : item.event;
      await enqueueInbound(event);
      result.enqueued += 1;
    }
  }
  return result;
}
