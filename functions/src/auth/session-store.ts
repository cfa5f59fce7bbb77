import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll, queryAllByPrefix } from '../lib/dynamo/query.ts';
import {
  conditionFailed,
  epochSeconds,
  isConditionFailure,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { closeSessionConnections } from '../realtime/publish.ts';
import { employeeEntity } from './entities.ts';
import { keys } from './keys.ts';

/** Sessions (one per sign-in, the family of its refresh tokens) and their refresh tokens. */
export interface SessionRef {
  companyId: string;
  employeeId: string;
  sessionId: string;
}

export interface RefreshRecord extends SessionRef {
  status: 'active' | 'rotated';
  expiresAt: number;
}

/** Starts a session (a refresh-token family) with its first refresh token. */
export async function createSession(session: SessionRef, refreshHash: string, expiresAt: Date, now: Date) {
  const table = config().mainTable;
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table,
            Item: {
              ...keys.session(session.companyId, session.employeeId, session.sessionId),
              entity: 'session',
              ...session,
              createdAt: now.toISOString(),
              expiresAt: epochSeconds(expiresAt),
            },
          },
        },
        {
          Put: {
            TableName: table,
            Item: {
              ...keys.refresh(refreshHash),
              entity: 'refresh',
              ...session,
              status: 'active',
              expiresAt: epochSeconds(expiresAt),
            },
          },
        },
      ],
    }),
  );
}

export async function findRefresh(hash: string): Promise<RefreshRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.refresh(hash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    companyId: String(Item.companyId),
    employeeId: String(Item.employeeId),
    sessionId: String(Item.sessionId),
    status: Item.status === 'active' ? 'active' : 'rotated',
    expiresAt: Number(Item.expiresAt),
  };
}

/**
 * Replaces a refresh token by the next one of its family. The old one stays, marked rotated, until the
 * session expires so that presenting it again is recognised as reuse.
 */
export async function rotateRefresh(
  record: RefreshRecord,
  oldHash: string,
  newHash: string,
  expiresAt: Date,
  now: Date,
): Promise<'rotated' | 'reused' | 'revoked'> {
  const table = config().mainTable;
  const session = keys.session(record.companyId, record.employeeId, record.sessionId);
  try {
    await transactWrite({
      oldToken: {
        Update: {
          TableName: table,
          Key: keys.refresh(oldHash),
          UpdateExpression: 'SET #status = :rotated, rotatedAt = :now, expiresAt = :expires',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':rotated': 'rotated',
            ':active': 'active',
            ':now': now.toISOString(),
            ':expires': epochSeconds(expiresAt),
          },
        },
      },
      newToken: {
        Put: {
          TableName: table,
          Item: {
            ...keys.refresh(newHash),
            entity: 'refresh',
            companyId: record.companyId,
            employeeId: record.employeeId,
            sessionId: record.sessionId,
            status: 'active',
            expiresAt: epochSeconds(expiresAt),
          },
        },
      },
      session: {
        Update: {
          TableName: table,
          Key: session,
          UpdateExpression: 'SET expiresAt = :expires, refreshedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND expiresAt > :epoch',
          ExpressionAttributeValues: {
            ':expires': epochSeconds(expiresAt),
            ':now': now.toISOString(),
            ':epoch': epochSeconds(now),
          },
        },
      },
    });
    return 'rotated';
  } catch (error) {
    if (conditionFailed(error, 'oldToken')) return 'reused';
    if (conditionFailed(error, 'session')) return 'revoked';
    throw error;
  }
}

/**
 * Ends a session: the authorizer refuses its access tokens, its refresh tokens no longer rotate, and its open
 * WebSockets are closed.
 */
export async function revokeSession(session: SessionRef, now: Date): Promise<void> {
  await markRevoked(session, now);
  await closeSessionConnections(session.companyId, session.employeeId, session.sessionId);
}

async function markRevoked(session: SessionRef, now: Date): Promise<void> {
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: keys.session(session.companyId, session.employeeId, session.sessionId),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Whether the session was revoked: a sign-out that raced this caller's $connect. */
export async function sessionRevoked(session: SessionRef): Promise<boolean> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: keys.session(session.companyId, session.employeeId, session.sessionId),
      ConsistentRead: true,
    }),
  );
  return Item?.revokedAt !== undefined;
}

export interface StoredSession extends SessionRef {
  revoked: boolean;
  expiresAt: number;
  browserSessionId: string | undefined;
}

const toStoredSession = (item: Record<string, unknown>): StoredSession => ({
  companyId: String(item.companyId),
  employeeId: String(item.employeeId),
  sessionId: String(item.sessionId),
  revoked: item.revokedAt !== undefined,
  expiresAt: Number(item.expiresAt),
  browserSessionId: typeof item.browserSessionId === 'string' ? item.browserSessionId : undefined,
});

export async function listEmployeeSessions(companyId: string, employeeId: string): Promise<StoredSession[]> {
  const { pk } = employeeEntity.key(companyId, employeeId);
  return (await queryAllByPrefix(pk, keys.sessionPrefix)).map(toStoredSession);
}

export async function setBrowserSession(session: SessionRef, browserSessionId: string): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.session(session.companyId, session.employeeId, session.sessionId),
      UpdateExpression: 'SET browserSessionId = :browser, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':browser': browserSessionId,
        ':gsi1pk': keys.browserIndex(session.companyId, browserSessionId),
        ':gsi1sk': session.sessionId,
      },
    }),
  );
}

export async function findSessionsByBrowser(
  companyId: string,
  browserSessionId: string,
): Promise<StoredSession[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.browserIndex(companyId, browserSessionId) },
  });
  return items.map(toStoredSession);
}
