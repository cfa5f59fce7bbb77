import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerEntity,
  customerIdentityEntity,
  emailClaimKey,
  phoneClaimKey,
} from '../contacts/entities.ts';
import { contactRecord } from '../contacts/records.ts';
import { conversationEntity, messageEntity, messagePointerEntity } from '../conversations/entities.ts';
import { conversationRecord } from '../conversations/records.ts';
import { employeeEntity } from '../auth/entities.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { transactWrite } from './dynamo/transaction.ts';

/**
 * The declared entities write exactly the keys the stores built by hand before them (the strings below are
 * those hand-built keys, copied from the previous keys.ts files), so the data already under .data and in AWS
 * keeps being found.
 */
const cid = '64b7f0c2a1b2c3d4e5f60718';
const id = '64b7f0c2a1b2c3d4e5f6aa01';
const employee = '64b7f0c2a1b2c3d4e5f6ee01';

const contact = contactRecord.parse({
  _id: id,
  full_name: 'José  Silva',
  channel: 'whatsapp',
  company: cid,
  cel_phone: '5511999990000',
  channel_metadata: { integration: 'x' },
  wallet: 'w1',
});

const conversation = (status: 'in_service' | 'queue' | 'bot' | 'closed') =>
  conversationRecord.parse({
    _id: '64b7f0c2a1b2c3d4e5f6bb1f',
    company: cid,
    protocol: '20261125000001',
    status,
    channel: 'whatsapp',
    integration: employee,
    customer: { _id: id, full_name: 'José', channel: 'whatsapp' },
    employee: status === 'in_service' ? { _id: employee, name: 'Ana' } : null,
    tabulation: null,
    redistributed: false,
    closed_at: null,
    department: null,
    external_id: '5511999990000',
    message_seq: 3,
    search_text: 'jose',
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:05:00.000Z',
    last_activity_at: '2026-11-25T10:05:00.000Z',
    last_message: null,
    unread: 0,
  });

describe('declared keys equal the hand-built keys they replace', () => {
  it('customer record', () => {
    expect(customerEntity.key(cid, id)).toEqual({ pk: `C#${cid}#CUSTOMER#${id}`, sk: 'PROFILE' });
    expect(customerEntity.indexKeys(contact)).toEqual({
      gsi1pk: `C#${cid}#CONTACTS`,
      gsi1sk: `jose silva#${id}`,
      gsi2pk: `C#${cid}#CWALLET#w1`,
      gsi2sk: `jose silva#${id}`,
    });
    expect(customerEntity.indexKeys({ ...contact, wallet: null })).not.toHaveProperty('gsi2pk');
    expect(customerEntity.item(contact)).toMatchObject({
      pk: `C#${cid}#CUSTOMER#${id}`,
      sk: 'PROFILE',
      entity: 'customer',
      full_name: 'José  Silva',
    });
    expect(customerEntity.partition('record', cid, id)).toBe(`C#${cid}#CUSTOMER#${id}`);
    expect(customerIdentityEntity.key(cid, 'telegram#i1#42')).toEqual({
      pk: `C#${cid}#IDENTITY#telegram#i1#42`,
      sk: 'IDENTITY',
    });
    expect(phoneClaimKey(cid, '+55 11 99999-0000')).toEqual({
      pk: `C#${cid}#IDENTITY#whatsapp#5511999990000`,
      sk: 'IDENTITY',
    });
    expect(emailClaimKey(cid, 'Ana@X.com')).toEqual({
      pk: `C#${cid}#IDENTITY#email#ana@x.com`,
      sk: 'IDENTITY',
    });
  });

  it('conversation and its indexes in every status', () => {
    const conv = '64b7f0c2a1b2c3d4e5f6bb1f';
    expect(conversationEntity.key(cid, conv)).toEqual({ pk: `C#${cid}#CONV#${conv}`, sk: 'CONV' });
    const sort = `2026-11-25T10:05:00.000Z#${conv}`;
    expect(conversationEntity.indexKeys(conversation('in_service'))).toEqual({
      gsi1pk: `C#${cid}#INBOX#EMP#${employee}`,
      gsi1sk: sort,
      gsi2pk: `C#${cid}#CONVERSATIONS`,
      gsi2sk: sort,
      // 0x1f % 8 = 7
      gsi3pk: 'OPEN_CONVERSATIONS#7',
      gsi3sk: `2026-11-25T10:05:00.000Z#${cid}#${conv}`,
    });
    expect(conversationEntity.indexKeys(conversation('queue')).gsi1pk).toBe(`C#${cid}#INBOX#QUEUE`);
    expect(conversationEntity.indexKeys(conversation('bot')).gsi1pk).toBe(`C#${cid}#INBOX#BOT`);
    const closed = conversationEntity.indexKeys(conversation('closed'));
    expect(closed.gsi1pk).toBe(`C#${cid}#INBOX#CLOSED`);
    expect(closed).not.toHaveProperty('gsi3pk');
  });

  it('message and message pointer', () => {
    expect(messageEntity.key(cid, 'c1', 42)).toEqual({ pk: `C#${cid}#CONV#c1`, sk: 'MSG#0000000042' });
    expect(messageEntity.partition('conversation', cid, 'c1')).toBe(`C#${cid}#CONV#c1`);
    expect(messagePointerEntity.key(cid, 'm1')).toEqual({ pk: `C#${cid}#MESSAGE#m1`, sk: 'MESSAGE' });
  });

  it('employee and its indexes', () => {
    expect(employeeEntity.key(cid, 'e1')).toEqual({ pk: `C#${cid}#EMPLOYEE#e1`, sk: 'PROFILE' });
    expect(employeeEntity.partition('all', cid)).toBe(`C#${cid}#EMPLOYEES`);
    expect(employeeEntity.partition('name', cid)).toBe(`C#${cid}#EMPLOYEE_NAMES`);
    expect(employeeEntity.partition('email', cid)).toBe(`C#${cid}#EMPLOYEE_EMAILS`);
    expect(employeeEntity.indexKeyNames('name')).toEqual({ pk: 'gsi2pk', sk: 'gsi2sk' });
  });
});

describe('entity helpers against DynamoDB Local', () => {
  const company = newObjectId();
  beforeAll(async () => {
    await useTestTables();
  });

  it('puts, reads, queries a named index by page, updates and deletes', async () => {
    const records = ['Bruno', 'Ana', 'Carla'].map((name) =>
      contactRecord.parse({ ...contact, _id: newObjectId(), company, full_name: name }),
    );
    for (const record of records)
      await customerEntity.put(record, { ConditionExpression: 'attribute_not_exists(pk)' });
    const first = records[0] as (typeof records)[number];
    await expect(
      customerEntity.put(first, { ConditionExpression: 'attribute_not_exists(pk)' }),
    ).rejects.toThrow();
    expect((await customerEntity.get(customerEntity.key(company, first._id)))?.full_name).toBe('Bruno');

    const page1 = await customerEntity.queryPage(
      'all',
      [company],
      { Limit: 2 },
      { companyId: company, cursor: undefined },
    );
    expect(page1.items.map((item) => item.full_name)).toEqual(['Ana', 'Bruno']);
    const page2 = await customerEntity.queryPage(
      'all',
      [company],
      { Limit: 2 },
      { companyId: company, cursor: page1.nextCursor ?? undefined },
    );
    expect(page2.items.map((item) => item.full_name)).toEqual(['Carla']);
    expect(await customerEntity.queryAll('all', [company], { sort: { beginsWith: 'c' } })).toHaveLength(1);
    expect(await customerEntity.queryAll('wallet', [company, 'w1'])).toHaveLength(3);
    // A cursor of another partition is refused rather than queried.
    await expect(
      customerEntity.queryPage(
        'wallet',
        [company, 'w1'],
        {},
        { companyId: company, cursor: page1.nextCursor ?? undefined },
      ),
    ).rejects.toThrow();

    const updated = await customerEntity.update(
      customerEntity.key(company, first._id),
      { UpdateExpression: 'SET smart_tags = :t', ExpressionAttributeValues: { ':t': ['s1'] } },
      true,
    );
    expect(updated?.smart_tags).toEqual(['s1']);
    const ordered = await customerEntity.batchGet(
      records.map((record) => customerEntity.keyOfRecord(record)),
    );
    expect(ordered.map((record) => record.full_name)).toEqual(['Bruno', 'Ana', 'Carla']);

    await transactWrite({
      gone: customerEntity.transact.delete(customerEntity.key(company, first._id), {
        ConditionExpression: 'attribute_exists(pk)',
      }),
      claim: customerIdentityEntity.transact.put({ customer: first._id }, {}, phoneClaimKey(company, '5511')),
    });
    expect(await customerEntity.get(customerEntity.key(company, first._id))).toBeUndefined();
    expect((await customerIdentityEntity.get(phoneClaimKey(company, '5511')))?.customer).toBe(first._id);
  });
});
