import {
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { isObjectId } from '@atende/shared/domain/object-id';
import { parseRoom } from '@atende/shared/realtime/rooms';
import type { ServerEvent, ServerEventPayload, ServerFrame } from '@atende/shared/realtime/server-events';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { listListeners } from './sequence-store.ts';
import { sequenceFor } from './sequence.ts';
import { listEmployeeConnections, listRoomMembers, removeConnection } from './store.ts';
import { websocketClient } from '../lib/websocket-client.ts';
import { logger } from '../lib/logger.ts';
import { mapLimited } from '../lib/concurrency.ts';
import { shareInFlight } from '../lib/batch-memo.ts';

/** Posts in flight at once per publish: enough to fan out fast without a burst of throttled calls. */
const POST_CONCURRENCY = 8;

export interface PublishResult {
  delivered: number;
  gone: number;
}

function managementClient() {
  const client = websocketClient();
  if (!client) throw new Error('WEBSOCKET_MANAGEMENT_ENDPOINT is not set: realtime frames cannot be posted');
  return client;
}

const isGone = (error: unknown) =>
  error instanceof GoneException || (error instanceof Error && error.name === 'GoneException');

/**
 * Sends one frame to one connection. A connection API Gateway reports gone is deleted with its memberships
 * (the frame's company names its keys); the answer says whether the frame was delivered.
 */
export async function publishToConnection(connectionId: string, frame: ServerFrame): Promise<boolean> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(frame)) }),
    );
    return true;
  } catch (error) {
    if (!isGone(error)) throw error;
    logger.info('websocket connection gone', { connectionId, company: frame.data.company });
    await removeConnection(frame.data.company, connectionId);
    return false;
  }
}

async function publishToAll(connectionIds: readonly string[], frame: ServerFrame): Promise<PublishResult> {
  const result: PublishResult = { delivered: 0, gone: 0 };
  await mapLimited(connectionIds, POST_CONCURRENCY, async (connectionId) => {
    try {
      if (await publishToConnection(connectionId, frame)) result.delivered += 1;
      else result.gone += 1;
    } catch (error) {
      // One failing connection must not keep the frame from the others; it is logged and counted as neither.
      logger.warn('websocket post failed', {
        connectionId,
        event: frame.event,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return result;
}

/**
 * Numbers the frame in each receiver's own stream (issue 20 item 14) and posts each receiver's copy to their
 * connections; a receiver without any (every socket down) still gets the frame kept for their replay.
 */
async function publishSequenced(
  companyId: string,
  receivers: ReadonlyMap<string, readonly string[]>,
  frame: ServerFrame,
): Promise<PublishResult> {
  const result: PublishResult = { delivered: 0, gone: 0 };
  await mapLimited([...receivers], POST_CONCURRENCY, async ([employeeId, connectionIds]) => {
    const sent = await publishToAll(connectionIds, await sequenceFor(companyId, employeeId, frame));
    result.delivered += sent.delivered;
    result.gone += sent.gone;
  });
  return result;
}

/** Sends an event to every connection in one of the company's rooms. A room of another company is refused. */
export async function publishToRoom<E extends ServerEvent>(
  companyId: string,
  room: string,
  event: E,
  data: ServerEventPayload<E>,
): Promise<PublishResult> {
  if (parseRoom(room)?.companyId !== companyId) {
    throw new Error(`Room ${room} does not belong to company ${companyId}`);
  }
  // The records of a consumer batch publishing to one room share its members' read while it is in flight.
  const members = await shareInFlight(`room-members\u0000${companyId}\u0000${room}`, () =>
    listRoomMembers(companyId, room),
  );
  const frame = serverFrame(event, companyId, data);
  const kind = parseRoom(room)?.kind;
  // A site visitor is no employee: their frames have no stream (the widget reloads its thread on reconnect).
  if (kind === 'visitor')
    return publishToAll(
      members.map((member) => member.connectionId),
      frame,
    );
  const receivers = new Map<string, string[]>();
  // Everyone is in the company room while connected; a listener whose sockets are all down is kept in too.
  if (kind === 'company')
    for (const employeeId of await shareInFlight(`listeners\u0000${companyId}`, () =>
      listListeners(companyId),
    ))
      receivers.set(employeeId, []);
  for (const member of members) {
    receivers.set(member.employeeId, [...(receivers.get(member.employeeId) ?? []), member.connectionId]);
  }
  return publishSequenced(companyId, receivers, frame);
}

/** Sends an event to every open connection of one employee, whatever rooms they joined. */
export async function publishToEmployee<E extends ServerEvent>(
  companyId: string,
  employeeId: string,
  event: E,
  data: ServerEventPayload<E>,
): Promise<PublishResult> {
  if (!isObjectId(companyId) || !isObjectId(employeeId)) {
    throw new Error(`Invalid employee ${employeeId} of company ${companyId}`);
  }
  // Numbered before the connections are read: a socket opening meanwhile either gets the frame live or finds
  // it in the stream when it asks what it missed.
  const frame = await sequenceFor(companyId, employeeId, serverFrame(event, companyId, data));
  const connections = await listEmployeeConnections(companyId, employeeId);
  return publishToAll(
    connections.map((connection) => connection.connectionId),
    frame,
  );
}

/**
 * Sends an event to one employee through the connections the caller picked (an audience it already read),
 * numbered in the employee's stream like every frame meant for them.
 */
export async function publishToEmployeeConnections<E extends ServerEvent>(
  companyId: string,
  employeeId: string,
  connectionIds: readonly string[],
  event: E,
  data: ServerEventPayload<E>,
): Promise<PublishResult> {
  return publishSequenced(
    companyId,
    new Map([[employeeId, connectionIds]]),
    serverFrame(event, companyId, data),
  );
}

/**
 * Sends an event to some of the company's connections, e.g. all sessions of an employee but one. These are
 * session-control frames for the sockets open now: unnumbered, never replayed.
 */
export async function publishToConnections<E extends ServerEvent>(
  companyId: string,
  connectionIds: readonly string[],
  event: E,
  data: ServerEventPayload<E>,
): Promise<PublishResult> {
  return publishToAll(connectionIds, serverFrame(event, companyId, data));
}

/**
 * Closes every open WebSocket of one session (`@connections` DELETE) and forgets them, so a revoked session
 * (sign-out, password change, deactivation, company switch) stops receiving frames at once instead of until
 * API Gateway's two-hour limit. Without a management endpoint (tests without sockets) only the rows go.
 */
export async function closeSessionConnections(
  companyId: string,
  employeeId: string,
  sessionId: string,
): Promise<number> {
  const connections = (await listEmployeeConnections(companyId, employeeId)).filter(
    (connection) => connection.sessionId === sessionId,
  );
  const client = websocketClient();
  await Promise.all(
    connections.map(async ({ connectionId }) => {
      // The rows go first: fan-out reads them, so no frame reaches the socket while it is being closed.
      await removeConnection(companyId, connectionId);
      if (!client) return;
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    }),
  );
  return connections.length;
}
