import { marshall } from '@aws-sdk/util-dynamodb';
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';
import { domainEvent, type DomainEvent } from '@atende/shared/events/index';
import { EVENT_CONSUMERS, eventQueueId } from '@atende/shared/infra/event-consumers';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { eventsOf, groupOf, handler } from './dispatcher.ts';

const company = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const at = '2026-11-25T10:00:00.000Z';
const employee = (id: string) => ({ _id: id.repeat(24), name: `E${id}` });
let sequence = 100;

function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  keys: { pk: string; sk: string },
  oldImage?: Record<string, unknown>,
  newImage?: Record<string, unknown>,
): DynamoDBRecord {
  const image = (value?: Record<string, unknown>) =>
    value ? (marshall({ ...keys, ...value }, { removeUndefinedValues: true }) as never) : undefined;
  return {
    eventName,
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/t-main/stream/2026-11-25T00:00:00.000',
    dynamodb: {
      Keys: marshall(keys) as never,
      SequenceNumber: String((sequence += 1)),
      ApproximateCreationDateTime: Date.parse(at) / 1000,
      OldImage: image(oldImage),
      NewImage: image(newImage),
    },
  };
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  entity: 'customer',
  _id: 'cccccccccccccccccccccccc',
  company,
  full_name: 'Ana',
  channel: 'whatsapp',
  cel_phone: '+5585999990000',
  created_at: at,
  version: 1,
  ...overrides,
});
const contactKeys = { pk: `C#${company}#CUSTOMER#cccccccccccccccccccccccc`, sk: 'PROFILE' };

const conversation = (overrides: Record<string, unknown> = {}) => ({
  entity: 'conversation',
  _id: 'dddddddddddddddddddddddd',
  company,
  protocol: '20261125000001',
  status: 'queue',
  channel: 'widget',
  integration: 'eeeeeeeeeeeeeeeeeeeeeeee',
  customer: { _id: 'cccccccccccccccccccccccc', full_name: 'Ana' },
  department: null,
  employee: null,
  tabulation: null,
  redistributed: false,
  unread: 1,
  last_message: null,
  created_at: at,
  updated_at: at,
  last_activity_at: at,
  closed_at: null,
  ...overrides,
});
const conversationKeys = { pk: `C#${company}#CONV#dddddddddddddddddddddddd`, sk: 'CONV' };

const message = (overrides: Record<string, unknown> = {}) => ({
  entity: 'message',
  _id: 'ffffffffffffffffffffffff',
  conversation: 'dddddddddddddddddddddddd',
  type: 'text',
  content: 'Olá',
  sent_by: 'operator',
  channel: 'widget',
  created_at: at,
  read: false,
  flags: [],
  channel_metadata: {},
  company,
  status: 'pending',
  sequence: 1,
  ...overrides,
});
const messageKeys = { pk: `C#${company}#CONV#dddddddddddddddddddddddd`, sk: 'MSG#0000000001' };

const types = (events: DomainEvent[]) => events.map((event) => event.type);

describe('dispatcher: stream records to domain events', () => {
  it('maps a contact insert, update and removal, each event valid against its schema', () => {
    const created = eventsOf(record('INSERT', contactKeys, undefined, contact()));
    const updated = eventsOf(record('MODIFY', contactKeys, contact(), contact({ full_name: 'Ana Lima' })));
    const deleted = eventsOf(record('REMOVE', contactKeys, contact(), undefined));
    expect(types([...created, ...updated, ...deleted])).toEqual([
      'contact.created',
      'contact.updated',
      'contact.deleted',
    ]);
    for (const event of [...created, ...updated, ...deleted]) {
      expect(domainEvent.parse(event)).toEqual(event);
      expect(event).toMatchObject({ company_id: company, entity_id: contact()._id, occurred_at: at });
    }
    expect(updated[0]).toMatchObject({
      data: { changed: ['full_name'], contact: { full_name: 'Ana Lima' }, previous: { full_name: 'Ana' } },
    });
  });

  it('says nothing when a write changes no field of the contact view', () => {
    expect(eventsOf(record('MODIFY', contactKeys, contact(), contact({ version: 2 })))).toEqual([]);
  });

  it('maps conversation opened, assigned, transferred (employee or department), closed, re-queued and evaluated', () => {
    const queued = conversation();
    const served = conversation({ status: 'in_service', employee: employee('1') });
    const cases: [Record<string, unknown> | undefined, Record<string, unknown>, string[]][] = [
      [undefined, queued, ['conversation.opened']],
      [queued, served, ['conversation.assigned']],
      [served, conversation({ status: 'in_service', employee: employee('2') }), ['conversation.transferred']],
      [queued, conversation({ department: '3'.repeat(24) }), ['conversation.transferred']],
      [
        served,
        conversation({ status: 'closed', employee: employee('1'), closed_at: at }),
        ['conversation.closed'],
      ],
      [queued, conversation({ unread: 2 }), []],
      // The bot hands over to the same department's queue: no transfer, but waiting starts.
      [conversation({ status: 'bot' }), queued, ['conversation.status_changed']],
      [
        conversation({ status: 'closed', employee: employee('1'), closed_at: at }),
        conversation({
          status: 'closed',
          employee: employee('1'),
          closed_at: at,
          evaluation: { grade: 4, answered_at: at },
        }),
        ['conversation.evaluated'],
      ],
    ];
    for (const [before, after, expected] of cases) {
      const events = eventsOf(record(before ? 'MODIFY' : 'INSERT', conversationKeys, before, after));
      expect(types(events)).toEqual(expected);
      for (const event of events) expect(domainEvent.parse(event)).toEqual(event);
    }
    const [transferred] = eventsOf(
      record(
        'MODIFY',
        conversationKeys,
        served,
        conversation({ status: 'in_service', employee: employee('2') }),
      ),
    );
    expect(transferred).toMatchObject({ data: { from: { employee: employee('1'), department: null } } });
  });

  it('maps a message created and its delivery status changing, grouped by conversation', () => {
    const [created] = eventsOf(record('INSERT', messageKeys, undefined, message()));
    const [changed] = eventsOf(record('MODIFY', messageKeys, message(), message({ status: 'delivered' })));
    expect(created).toMatchObject({ type: 'message.created', entity_id: message()._id });
    expect(changed).toMatchObject({ type: 'message.status_changed', data: { previous_status: 'pending' } });
    expect(groupOf(created as DomainEvent)).toBe(`${company}:${message().conversation}`);
    expect(eventsOf(record('MODIFY', messageKeys, message(), message({ read: true })))).toEqual([]);
  });

  it('ignores items that are not domain entities', () => {
    expect(eventsOf(record('INSERT', { pk: 'x', sk: 'y' }, undefined, { entity: 'contact_name' }))).toEqual(
      [],
    );
  });

  it('gives a replayed record the same event ids, and another record other ids', () => {
    const first = record('INSERT', contactKeys, undefined, contact());
    expect(eventsOf(first)[0]?.id).toBe(eventsOf(structuredClone(first))[0]?.id);
    expect(eventsOf(record('INSERT', contactKeys, undefined, contact()))[0]?.id).not.toBe(
      eventsOf(first)[0]?.id,
    );
  });
});

describe('dispatcher handler', () => {
  const sqs = mockClient(SQSClient);
  const urls = Object.fromEntries(
    EVENT_CONSUMERS.map((consumer) => [eventQueueId(consumer), `http://q/${consumer.id}`]),
  );

  beforeEach(() => {
    sqs.reset();
    process.env.QUEUE_URLS = JSON.stringify(urls);
    resetConfig();
    resetClients();
  });

  it('sends each event to every consumer wanting it, with the event id as deduplication id', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const answer = await handler({
      Records: [
        record('INSERT', contactKeys, undefined, contact()),
        record('MODIFY', contactKeys, contact(), contact({ wallet: '9'.repeat(24) })),
      ],
    });
    expect(answer.batchItemFailures).toEqual([]);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    const byQueue: Record<string, SendMessageBatchRequestEntry[]> = Object.fromEntries(
      calls.map((input) => [input.QueueUrl, input.Entries ?? []]),
    );
    expect(
      byQueue['http://q/smart-tags']?.map((entry) => JSON.parse(entry.MessageBody as string).type),
    ).toEqual(['contact.created', 'contact.updated']);
    expect(
      byQueue['http://q/wallet-sync']?.map((entry) => JSON.parse(entry.MessageBody as string).type),
    ).toEqual(['contact.updated']);
    const entry = byQueue['http://q/wallet-sync']?.[0];
    expect(entry?.MessageDeduplicationId).toBe(JSON.parse(entry?.MessageBody as string).id);
  });

  it('reports the first record whose events were not all sent', async () => {
    sqs
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/smart-tags' })
      .resolves({ Successful: [], Failed: [{ Id: '1', Code: 'x', SenderFault: false }] })
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/wallet-sync' })
      .resolves({ Successful: [], Failed: [] })
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/crm-sync' })
      .resolves({ Successful: [], Failed: [] })
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/webhooks' })
      .resolves({ Successful: [], Failed: [] })
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/analytics' })
      .resolves({ Successful: [], Failed: [] })
      .on(SendMessageBatchCommand, { QueueUrl: 'http://q/campaign-field-index' })
      .resolves({ Successful: [], Failed: [] });
    const records = [
      record('INSERT', contactKeys, undefined, contact()),
      record('MODIFY', contactKeys, contact(), contact({ full_name: 'B' })),
      record('MODIFY', contactKeys, contact({ full_name: 'B' }), contact({ full_name: 'C' })),
    ];
    const answer = await handler({ Records: records });
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: records[1]?.dynamodb?.SequenceNumber }]);
  });
});
