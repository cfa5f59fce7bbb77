import { GetObjectCommand } from '@aws-sdk/client-s3';
import { ENV } from '@atende/shared/infra/env';
import type { S3Event, S3EventRecord, SESEvent, SESEventRecord } from 'aws-lambda';
import PostalMime, { addressParser } from 'postal-mime';
import { s3Client } from '../../lib/s3-client.ts';
import { logger } from '../../lib/logger.ts';
import { sesAuthenticity } from './authenticity.ts';
import { headerValues } from './inbound.ts';
import { ingestEmail, type IngestedEmail } from './ingest.ts';

/**
 * Inbound e-mail in AWS: the SES receipt rule stores the raw message in the inbound-mail bucket (S3 action),
 * then invokes this function (Lambda action) with the envelope recipients; an S3 ObjectCreated notification
 * of that bucket is accepted too (a stored mail dropped again, or a bucket wired by notification), the
 * recipients then read from the headers. Either way: read the object, hand it to `ingestEmail`.
 */
export type ReceiptEvent = S3Event | SESEvent;

/** Headers that may name the mailbox when the envelope is not known (S3 notifications carry none). */
const ADDRESS_HEADERS = ['to', 'cc', 'delivered-to', 'x-original-to', 'x-forwarded-to'];

async function headerFacts(raw: Uint8Array) {
  const parsed = await PostalMime.parse(raw);
  const recipients = ADDRESS_HEADERS.flatMap((name) =>
    headerValues(parsed, name).flatMap((value) =>
      addressParser(value, { flatten: true }).flatMap((mailbox) =>
        mailbox.address ? [mailbox.address] : [],
      ),
    ),
  );
  const verdict = (name: string) => (headerValues(parsed, name)[0] ?? '').trim().toUpperCase();
  const refused = ['x-ses-virus-verdict', 'x-ses-spam-verdict'].find((name) => verdict(name) === 'FAIL');
  return { recipients: recipients.map((address) => address.trim()).filter(Boolean), refused };
}

async function readObject(bucket: string, key: string): Promise<Uint8Array> {
  const output = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!output.Body) throw new Error(`s3://${bucket}/${key} has no body`);
  return output.Body.transformToByteArray();
}

/** S3 keys arrive URL-encoded, spaces as '+'. */
const objectKey = (record: S3EventRecord) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

async function fromS3(record: S3EventRecord): Promise<IngestedEmail | undefined> {
  const raw = await readObject(record.s3.bucket.name, objectKey(record));
  const facts = await headerFacts(raw);
  if (facts.refused) {
    logger.warn('inbound e-mail refused by SES verdict', { key: objectKey(record), verdict: facts.refused });
    return undefined;
  }
  return ingestEmail(raw, facts.recipients, new Date(record.eventTime));
}

async function fromSes(record: SESEventRecord): Promise<IngestedEmail | undefined> {
  const { mail, receipt } = record.ses;
  if (receipt.virusVerdict.status === 'FAIL' || receipt.spamVerdict.status === 'FAIL') {
    logger.warn('inbound e-mail refused by SES verdict', { messageId: mail.messageId });
    return undefined;
  }
  const bucket = process.env[ENV.inboundMailBucket];
  if (!bucket) throw new Error(`${ENV.inboundMailBucket} is not configured`);
  const key = `${process.env[ENV.inboundMailPrefix] ?? ''}${mail.messageId}`;
  const raw = await readObject(bucket, key);
  return ingestEmail(raw, receipt.recipients, new Date(mail.timestamp), sesAuthenticity(receipt));
}

const isSes = (record: S3EventRecord | SESEventRecord): record is SESEventRecord => 'ses' in record;

/**
 * Failures throw: Lambda retries asynchronous invocations, and the inbound queue's deduplication plus the
 * engine's claim on the Message-ID keep a retried mail from landing twice.
 */
export async function handler(event: ReceiptEvent): Promise<IngestedEmail[]> {
  const results: IngestedEmail[] = [];
  for (const record of event.Records as Array<S3EventRecord | SESEventRecord>) {
    const result = isSes(record) ? await fromSes(record) : await fromS3(record);
    if (!result) continue;
    if (result.unknownRecipients.length > 0) {
      logger.info('inbound e-mail for unknown mailboxes', { recipients: result.unknownRecipients });
    }
    results.push(result);
  }
  return results;
}
