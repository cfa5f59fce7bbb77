import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REPLAY_WINDOW_SECONDS } from '@atende/shared/contracts/realtime/list-missed-frames';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll, queryOnce } from '../lib/dynamo/query.ts';

/**
 * Each employee's realtime stream in the main table. Layout:
 * - head:  pk C#<cid>#EMP#<eid>#RT#  sk #HEAD         seq (last number handed out), listeningUntil
 *          gsi1pk C#<cid>#RT#LISTENERS#  gsi1sk <eid>  (the company's employees whose frames are kept)
 * - frame: pk C#<cid>#EMP#<eid>#RT#  sk F#<seq, 15 digits>  frame (JSON), expiresAt (TTL)
 * The head never expires: a counter that restarted at 1 would hand a stale client numbers it already holds.
 * `listeningUntil` is not the TTL attribute: an employee stays a listener while connected and for the replay
 * window after the last socket closed, so frames sent while every socket is down are still kept for them.
 */
const streamPk = (companyId: string, employeeId: string) => `C#${companyId}#EMP#${employeeId}#RT#`;
const listenersPk = (companyId: string) => `C#${companyId}#RT#LISTENERS#`;
const HEAD = '#HEAD';
const frameSk = (seq: number) => `F#${String(seq).padStart(15, '0')}`;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Hands out the employee's next sequence number: an atomic counter, so concurrent publishers never share one. */
export async function nextSequence(companyId: string, employeeId: string): Promise<number> {
  const { Attributes } = await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: { pk: streamPk(companyId, employeeId), sk: HEAD },
      UpdateExpression: 'ADD seq :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.seq);
}

export async function putFrame(companyId: string, employeeId: string, seq: number, frame: string) {
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: streamPk(companyId, employeeId),
        sk: frameSk(seq),
        seq,
        frame,
        expiresAt: nowSeconds() + REPLAY_WINDOW_SECONDS,
      },
    }),
  );
}

/** Keeps the employee's frames until `untilSeconds` (epoch seconds). */
export async function listenUntil(companyId: string, employeeId: string, untilSeconds: number) {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: { pk: streamPk(companyId, employeeId), sk: HEAD },
      UpdateExpression: 'SET listeningUntil = :until, gsi1pk = :gsi1pk, gsi1sk = :eid',
      ExpressionAttributeValues: {
        ':until': untilSeconds,
        ':gsi1pk': listenersPk(companyId),
        ':eid': employeeId,
      },
    }),
  );
}

/** The company's employees whose frames are kept now (connected, or within the window after their last socket). */
export async function listListeners(companyId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'listeningUntil > :now',
    ExpressionAttributeValues: { ':pk': listenersPk(companyId), ':now': nowSeconds() },
  });
  return items.map((item) => String(item.gsi1sk));
}

/** The last sequence number handed out to the employee (0 when none ever was). */
export async function headSequence(companyId: string, employeeId: string): Promise<number> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: { pk: streamPk(companyId, employeeId), sk: HEAD },
      ConsistentRead: true,
    }),
  );
  return typeof Item?.seq === 'number' ? Item.seq : 0;
}

export interface StoredFrame {
  seq: number;
  frame: string;
}

/** The kept frames numbered `from`..`to` (at most `to - from + 1`), skipping any the TTL has not swept yet. */
export async function readFrames(
  companyId: string,
  employeeId: string,
  from: number,
  to: number,
): Promise<StoredFrame[]> {
  const now = nowSeconds();
  const { items } = await queryOnce({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': streamPk(companyId, employeeId),
      ':from': frameSk(from),
      ':to': frameSk(to),
    },
    ConsistentRead: true,
    Limit: to - from + 1,
  });
  return items
    .filter((item) => typeof item.expiresAt === 'number' && item.expiresAt > now)
    .map((item) => ({ seq: Number(item.seq), frame: String(item.frame) }));
}
