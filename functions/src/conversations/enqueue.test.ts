import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { inboundGroupId } from '@atende/shared/channels/inbound';
import { ENV } from '@atende/shared/infra/env';
import { newObjectId } from '@atende/shared/domain/object-id';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { enqueueInbound } from './enqueue.ts';
import { inboundText } from './test-inbox.ts';

const sqs = mockClient(SQSClient);

beforeAll(() => {
  process.env[ENV.queueUrls] = JSON.stringify({ inbound: 'http://queue.local/inbound.fifo' });
  resetConfig();
  resetClients();
});

describe('enqueueInbound', () => {
  it('sends to the inbound FIFO queue grouped by conversation and deduplicated by integration and provider id', async () => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'x' });
    const event = inboundText(
      { companyId: newObjectId(), widget: newObjectId() },
      { externalId: 'visitor-q' },
    );
    await enqueueInbound(event);
    await enqueueInbound(event);
    const calls = sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      QueueUrl: 'http://queue.local/inbound.fifo',
      MessageGroupId: inboundGroupId({
        companyId: event.companyId,
        integrationId: event.integrationId,
        externalId: 'visitor-q',
      }),
    });
    expect(calls[0]?.MessageDeduplicationId).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[1]?.MessageDeduplicationId).toBe(calls[0]?.MessageDeduplicationId);
    expect(JSON.parse(calls[0]?.MessageBody as string)).toEqual(event);
  });

  it('refuses an event that is not a valid InboundEvent', async () => {
    const event = inboundText({ companyId: 'not-an-id', widget: newObjectId() });
    await expect(enqueueInbound(event)).rejects.toThrow();
  });
});
