import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type InboundMessage, inboundMessage } from '@atende/shared/channels/inbound';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import type { S3Event, SESEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskCredentials, sealCredentials } from '../../integrations/crypto.ts';
import type { ProviderIntegrationRecord } from '../../integrations/records.ts';
import { integrationPuts } from '../../integrations/store.ts';
import { clients, resetClients } from '../../lib/clients.ts';
import { config, resetConfig } from '../../lib/config.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { mailboxClaim } from './mailboxes.ts';
import { handler } from './receipt-handler.ts';

const s3 = mockClient(S3Client);
const sqs = mockClient(SQSClient);
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

/** What SES stored: the fixture as received, with the headers SES adds. */
const stored = (name: string, verdict = 'PASS') =>
  Buffer.concat([
    Buffer.from(`X-SES-Spam-Verdict: ${verdict}\r\nX-SES-Virus-Verdict: PASS\r\n`),
    fixture(name),
  ]);

async function emailIntegration(address: string, claim: boolean): Promise<ProviderIntegrationRecord> {
  const _id = newObjectId();
  const credentials = { email: address };
  const record: ProviderIntegrationRecord = {
    _id,
    company: newObjectId(),
    type: 'email',
    provider: 'email',
    label: 'Suporte',
    created_at: new Date().toISOString(),
    created_by: newObjectId(),
    credentials: sealCredentials(credentials, _id),
    masked: maskCredentials(credentials),
    connection: true,
  };
  const items = [...integrationPuts(record), ...(claim ? [mailboxClaim(record, address)] : [])];
  await clients().document.send(new TransactWriteCommand({ TransactItems: items }));
  return record;
}

const s3Event = (bucket: string, key: string): S3Event =>
  ({
    Records: [
      {
        eventSource: 'aws:s3',
        eventName: 'ObjectCreated:Put',
        eventTime: '2025-11-21T15:00:00.000Z',
        s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key).replace(/%20/g, '+') } },
      },
    ],
  }) as unknown as S3Event;

const sesEvent = (messageId: string, recipients: string[], spam = 'PASS'): SESEvent =>
  ({
    Records: [
      {
        eventSource: 'aws:ses',
        ses: {
          mail: { messageId, timestamp: '2025-11-21T15:00:00.000Z' },
          receipt: {
            recipients,
            spamVerdict: { status: spam },
            virusVerdict: { status: 'PASS' },
          },
        },
      },
    ],
  }) as unknown as SESEvent;

/** The one method of the SDK's stream body the handler reads. */
const body = (bytes: Buffer) =>
  ({ transformToByteArray: async () => new Uint8Array(bytes) }) as unknown as GetObjectCommandOutput['Body'];

const serve = (bytes: Buffer) => s3.on(GetObjectCommand).resolves({ Body: body(bytes) });

const enqueued = (): InboundMessage[] =>
  sqs
    .commandCalls(SendMessageCommand)
    .map((call) => inboundMessage.parse(JSON.parse(call.args[0].input.MessageBody ?? '{}')));

beforeAll(async () => {
  process.env[ENV.encryptionKey] = 'receipt-handler-test-key';
  process.env[ENV.queueUrls] = JSON.stringify({ inbound: 'http://queue.local/inbound.fifo' });
  process.env[ENV.inboundMailBucket] = 'inbound-mail';
  process.env[ENV.inboundMailPrefix] = 'inbound/';
  await useTestTables();
  resetConfig();
  resetClients();
});

beforeEach(() => {
  s3.reset();
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
  s3.on(PutObjectCommand).resolves({});
});

describe('SES receipt handler', () => {
  it('reads the stored mail of an S3 event, finds the mailbox by its To header and enqueues text and attachment', async () => {
    const integration = await emailIntegration('suporte@empresa.com.br', true);
    serve(stored('with-attachment.eml'));
    const [result] = await handler(s3Event('inbound-mail', 'inbound/abc 123'));

    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'inbound-mail',
      Key: 'inbound/abc 123',
    });
    expect(result).toMatchObject({ integrations: [integration._id], unknownRecipients: [] });
    const events = enqueued();
    expect(events[0]).toMatchObject({
      companyId: integration.company,
      integrationId: integration._id,
      channel: 'email',
      providerMessageId: '<attach-001@cliente.com.br>',
      from: { externalId: 'ana.lima@cliente.com.br', name: 'Ana Lima' },
      text: 'Segue o comprovante e a foto da caixa.',
      subject: 'Comprovante',
    });
    const withMedia = events.filter((event) => event.media);
    expect(withMedia.length).toBeGreaterThan(0);
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts.map((put) => put.Key)).toEqual(withMedia.map((event) => event.media?.file_path));
    expect(puts[0]).toMatchObject({ Bucket: config().mediaBucket, ContentType: 'application/pdf' });
    expect(withMedia[0]?.media).toMatchObject({ kind: 'doc', file_name: 'comprovante.pdf' });
    expect(withMedia[0]?.media?.file_path).toMatch(new RegExp(`^media/C/${integration.company}/`));
  });

  it('routes mail only by the mailbox claim: an integration without one receives nothing', async () => {
    await emailIntegration('sem-claim@empresa.com.br', false);
    serve(stored('plain.eml'));
    const [result] = await handler(sesEvent('ses-msg-4', ['sem-claim@empresa.com.br']));
    expect(result).toEqual({
      integrations: [],
      enqueued: 0,
      unknownRecipients: ['sem-claim@empresa.com.br'],
    });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('takes the envelope recipients of an SES event and reads the object the S3 action stored', async () => {
    const integration = await emailIntegration('vendas@empresa.com.br', true);
    serve(stored('plain.eml'));
    // The header names another address: the envelope (a Bcc, a forward) decides.
    const [result] = await handler(
      sesEvent('ses-msg-1', ['Vendas@Empresa.com.br', 'ninguem@empresa.com.br']),
    );

    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'inbound-mail',
      Key: 'inbound/ses-msg-1',
    });
    expect(result).toEqual({
      integrations: [integration._id],
      enqueued: 1,
      unknownRecipients: ['ninguem@empresa.com.br'],
    });
    expect(enqueued()[0]).toMatchObject({ integrationId: integration._id, companyId: integration.company });
  });

  it('marks a message whose sender fails DMARC (SES verdict) as suspicious; a passing one is not', async () => {
    await emailIntegration('financeiro@empresa.com.br', true);
    serve(stored('plain.eml'));
    const failing = sesEvent('ses-msg-dmarc', ['financeiro@empresa.com.br']);
    Object.assign(failing.Records[0]?.ses.receipt ?? {}, {
      spfVerdict: { status: 'FAIL' },
      dkimVerdict: { status: 'GRAY' },
      dmarcVerdict: { status: 'FAIL' },
    });
    await handler(failing);
    expect(enqueued()[0]).toMatchObject({ suspicious: true });
    sqs.resetHistory();
    const passing = sesEvent('ses-msg-dmarc-ok', ['financeiro@empresa.com.br']);
    Object.assign(passing.Records[0]?.ses.receipt ?? {}, {
      spfVerdict: { status: 'PASS' },
      dkimVerdict: { status: 'PASS' },
      dmarcVerdict: { status: 'PASS' },
    });
    await handler(passing);
    expect(enqueued()[0]?.suspicious).toBeUndefined();
  });

  it('enqueues nothing for unknown mailboxes and for mail SES judged spam', async () => {
    serve(stored('plain.eml'));
    const [unknown] = await handler(sesEvent('ses-msg-2', ['outro@empresa.com.br']));
    expect(unknown).toMatchObject({ integrations: [], enqueued: 0 });
    await emailIntegration('spam@empresa.com.br', true);
    expect(await handler(sesEvent('ses-msg-3', ['spam@empresa.com.br'], 'FAIL'))).toEqual([]);
    serve(stored('plain.eml', 'FAIL'));
    expect(await handler(s3Event('inbound-mail', 'inbound/spam'))).toEqual([]);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
