import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleName } from '@atende/shared/contracts/types';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { queryAll } from '../lib/dynamo/query.ts';

/**
 * WebSocket connections and room memberships in the main table. Layout:
 * - connection:            pk C#<cid>#CONN#<connectionId>#  sk #META
 *                          gsi1pk C#<cid>#EMP#<eid>#CONN#   gsi1sk <connectionId>  (an employee's connections)
 * - membership, conn side: pk C#<cid>#CONN#<connectionId>#  sk ROOM#<room>          (a connection's rooms)
 * - membership, room side: pk C#<cid>#ROOM#<room>#          sk CONN#<connectionId>  (a room's connections)
 * Everything expires through the `expiresAt` TTL: API Gateway closes a connection after 2 hours at most, so a
 * row whose $disconnect never arrived is gone an hour later; until then reads skip expired rows themselves,
 * because the TTL sweeper is lazy.
 */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export interface StoredConnection {
  connectionId: string;
  companyId: string;
  employeeId: string;
  role: RoleName;
  sessionId: string;
  connectedAt: number;
}

/** One connection in a room, enough to post to it and to tell sessions apart. */
export interface RoomMember {
  connectionId: string;
  employeeId: string;
  sessionId: string;
}

export const META = '#META';
export const connectionPk = (companyId: string, connectionId: string) =>
  `C#${companyId}#CONN#${connectionId}#`;
export const roomPk = (companyId: string, room: string) => `C#${companyId}#ROOM#${room}#`;
const employeeConnectionsPk = (companyId: string, employeeId: string) =>
  `C#${companyId}#EMP#${employeeId}#CONN#`;

const nowSeconds = () => Math.floor(Date.now() / 1000);
export const expiresAt = () => nowSeconds() + CONNECTION_TTL_SECONDS;
const alive = (item: Record<string, unknown>) =>
  typeof item.expiresAt === 'number' && item.expiresAt > nowSeconds();

export async function putConnection(connection: StoredConnection): Promise<void> {
  const { companyId, connectionId, employeeId } = connection;
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        pk: connectionPk(companyId, connectionId),
        sk: META,
        gsi1pk: employeeConnectionsPk(companyId, employeeId),
        gsi1sk: connectionId,
        // Named so the stream dispatcher maps it (analytics' employee status intervals).
        entity: 'ws_connection',
        ...connection,
        expiresAt: expiresAt(),
      },
    }),
  );
}

export async function getConnection(
  companyId: string,
  connectionId: string,
): Promise<StoredConnection | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: { pk: connectionPk(companyId, connectionId), sk: META },
    }),
  );
  if (!Item || !alive(Item)) return undefined;
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    expiresAt: _expiresAt,
    entity: _entity,
    ...connection
  } = Item;
  return connection as StoredConnection;
}

/**
 * Adds the connection to the rooms in one transaction that also checks the connection still exists, so a join
 * racing a $disconnect cannot leave memberships of a closed connection behind.
 */
export async function joinRooms(connection: StoredConnection, rooms: readonly string[]): Promise<void> {
  const { companyId, connectionId, employeeId, sessionId } = connection;
  const TableName = config().mainTable;
  const ttl = expiresAt();
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          ConditionCheck: {
            TableName,
            Key: { pk: connectionPk(companyId, connectionId), sk: META },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        ...rooms.flatMap((room) => [
          {
            Put: {
              TableName,
              Item: { pk: connectionPk(companyId, connectionId), sk: `ROOM#${room}`, room, expiresAt: ttl },
            },
          },
          {
            Put: {
              TableName,
              Item: {
                pk: roomPk(companyId, room),
                sk: `CONN#${connectionId}`,
                connectionId,
                employeeId,
                sessionId,
                expiresAt: ttl,
              },
            },
          },
        ]),
      ],
    }),
  );
}

export async function leaveRooms(
  companyId: string,
  connectionId: string,
  rooms: readonly string[],
): Promise<void> {
  await batchWrite(
    rooms.flatMap((room) => [
      { DeleteRequest: { Key: { pk: connectionPk(companyId, connectionId), sk: `ROOM#${room}` } } },
      { DeleteRequest: { Key: { pk: roomPk(companyId, room), sk: `CONN#${connectionId}` } } },
    ]),
  );
}

/** Deletes the connection and every membership it holds, on both sides. */
export async function removeConnection(companyId: string, connectionId: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': connectionPk(companyId, connectionId) },
  });
  const rooms = items.flatMap((item) => (typeof item.room === 'string' ? [item.room] : []));
  await batchWrite([
    { DeleteRequest: { Key: { pk: connectionPk(companyId, connectionId), sk: META } } },
    ...rooms.flatMap((room) => [
      { DeleteRequest: { Key: { pk: connectionPk(companyId, connectionId), sk: `ROOM#${room}` } } },
      { DeleteRequest: { Key: { pk: roomPk(companyId, room), sk: `CONN#${connectionId}` } } },
    ]),
  ]);
}

export async function listConnectionRooms(companyId: string, connectionId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :room)',
    ExpressionAttributeValues: { ':pk': connectionPk(companyId, connectionId), ':room': 'ROOM#' },
  });
  return items.filter(alive).flatMap((item) => (typeof item.room === 'string' ? [item.room] : []));
}

export async function listRoomMembers(companyId: string, room: string): Promise<RoomMember[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': roomPk(companyId, room) },
  });
  return items.filter(alive).map((item) => ({
    connectionId: String(item.connectionId),
    employeeId: String(item.employeeId),
    sessionId: String(item.sessionId),
  }));
}

export async function listEmployeeConnections(
  companyId: string,
  employeeId: string,
): Promise<StoredConnection[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': employeeConnectionsPk(companyId, employeeId) },
  });
  return items.filter(alive).map((item) => ({
    connectionId: String(item.connectionId),
    companyId: String(item.companyId),
    employeeId: String(item.employeeId),
    role: item.role as RoleName,
    sessionId: String(item.sessionId),
    connectedAt: Number(item.connectedAt),
  }));
}
