import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { TmailSummary } from '@atende/shared/contracts/tmail/views';
import { batchGetInOrder } from '../lib/dynamo/batch-get.ts';
import { countQuery } from '../lib/dynamo/query.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { type BoxName, tmailKeys } from './keys.ts';

const table = () => config().mainTable;

export interface MailRecord {
  _id: string;
  company: string;
  subject: string;
  body: string;
  from: { _id: string; name: string };
  to: { _id: string; name: string }[];
  departments: { _id: string; name: string }[];
  /** Every employee the mail reached, departments expanded. */
  recipients: string[];
  attachments: { upload_id: string; file_name: string; mime_type: string; size: number }[];
  created_at: string;
}

export type EntryRecord = Omit<TmailSummary, 'archived'> & { box: BoxName };

/** Keys last: an entry read back still carries its old key, which a move must not keep. */
const entryItem = (companyId: string, employeeId: string, entry: EntryRecord) => ({
  ...entry,
  entity: 'tmail_entry',
  ...tmailKeys.entry(companyId, employeeId, entry.box, entry._id),
});

/** The mail and the sender's copy commit together; each recipient's copy follows in batches. */
export async function writeMail(mail: MailRecord, sent: EntryRecord, received: EntryRecord): Promise<void> {
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...tmailKeys.mail(mail.company, mail._id), entity: 'tmail', ...mail },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: table(), Item: entryItem(mail.company, mail.from._id, sent) } },
      ],
    }),
  );
  const puts = mail.recipients.map((employeeId) => ({
    PutRequest: { Item: entryItem(mail.company, employeeId, received) },
  }));
  for (let start = 0; start < puts.length; start += 25) {
    let pending = puts.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= 6) throw new Error('T-mail delivery left unprocessed items');
      const answer = await clients().document.send(
        new BatchWriteCommand({ RequestItems: { [table()]: pending } }),
      );
      pending = (answer.UnprocessedItems?.[table()] ?? []) as typeof pending;
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
  }
}

export async function readMail(companyId: string, id: string): Promise<MailRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: tmailKeys.mail(companyId, id) }),
  );
  return Item as MailRecord | undefined;
}

/** The caller's entries for one mail (received or archived, and sent when they wrote it). */
export async function readEntries(companyId: string, employeeId: string, id: string): Promise<EntryRecord[]> {
  const items = await batchGetInOrder(
    (['inbox', 'archived', 'sent'] as const).map((box) => tmailKeys.entry(companyId, employeeId, box, id)),
  );
  return items as EntryRecord[];
}

export async function listEntries(
  companyId: string,
  employeeId: string,
  prefix: string,
  limit: number,
  start: Record<string, unknown> | undefined,
) {
  const page = await clients().document.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tmailKeys.box(companyId, employeeId), ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (page.Items ?? []) as EntryRecord[], last: page.LastEvaluatedKey };
}

export const countUnread = (companyId: string, employeeId: string, prefix: string): Promise<number> =>
  countQuery({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#read = :false',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: {
      ':pk': tmailKeys.box(companyId, employeeId),
      ':prefix': prefix,
      ':false': false,
    },
  });

export async function setRead(companyId: string, employeeId: string, entry: EntryRecord, read: boolean) {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: tmailKeys.entry(companyId, employeeId, entry.box, entry._id),
      UpdateExpression: 'SET #read = :read',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':read': read },
    }),
  );
}

/** Moves a received entry between the inbox and the archive in one transaction. */
export async function moveEntry(companyId: string, employeeId: string, entry: EntryRecord, to: BoxName) {
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: table(),
            Key: tmailKeys.entry(companyId, employeeId, entry.box, entry._id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Put: { TableName: table(), Item: entryItem(companyId, employeeId, { ...entry, box: to }) } },
      ],
    }),
  );
}
