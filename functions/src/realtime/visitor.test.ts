import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { newObjectId } from '@atende/shared/domain/object-id';
import { companyRoom, visitorRoom } from '@atende/shared/realtime/rooms';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../lib/auth-context.ts';
import { publishToRoom } from './publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { type WebSocketEvent, handler } from './handler.ts';
import { connect, handleMessage } from './service.ts';
import { listConnectionRooms, listRoomMembers } from './store.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let counter = 0;
const connectionId = () => `visitorConn${(counter += 1)}=`;

function wsEvent(
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
  id: string,
  authorizer: Record<string, unknown>,
  body?: string,
): WebSocketEvent {
  return {
    isBase64Encoded: false,
    body,
    requestContext: {
      routeKey:
        eventType === 'CONNECT' ? '$connect' : eventType === 'DISCONNECT' ? '$disconnect' : '$default',
      messageId: 'm',
      eventType,
      extendedRequestId: 'e',
      requestTime: '21/Nov/2026:22:52:55 +0000',
      messageDirection: 'IN',
      stage: 'test',
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      requestId: 'r',
      domainName: 'localhost',
      connectionId: id,
      apiId: 'local',
      authorizer,
    },
  };
}

const visitorContext = (companyId = newObjectId()) => ({
  companyId,
  visitorId: newObjectId(),
  widgetId: newObjectId(),
  role: 'visitor',
  sessionId: newObjectId(),
  principalId: 'visitor:x',
});

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
});

beforeEach(() => {
  posted = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')),
    });
    return {};
  });
});

describe('visitor connections', () => {
  it('puts a visitor only in its own room, and a company broadcast never reaches it', async () => {
    const visitor = visitorContext();
    const id = connectionId();
    expect(await handler(wsEvent('CONNECT', id, visitor), {} as Context)).toEqual({ statusCode: 200 });
    expect(await listConnectionRooms(visitor.companyId, id)).toEqual([
      visitorRoom(visitor.companyId, visitor.visitorId),
    ]);
    expect(await listRoomMembers(visitor.companyId, companyRoom(visitor.companyId))).toEqual([]);

    await publishToRoom(visitor.companyId, companyRoom(visitor.companyId), 'refresh-session', {
      event: 'update-company',
    });
    expect(posted).toEqual([]);
    await publishToRoom(
      visitor.companyId,
      visitorRoom(visitor.companyId, visitor.visitorId),
      'widget-message',
      {
        message: { id: 'm1', sender: 'operator', text: 'Olá!', created_at: new Date().toISOString() },
      },
    );
    expect(posted.map((entry) => entry.connectionId)).toEqual([id]);
    expect(posted[0]?.frame).toMatchObject({ event: 'widget-message', data: { company: visitor.companyId } });
  });

  it('refuses every client frame of a visitor, joinRoom included, and joins nothing', async () => {
    const visitor = visitorContext();
    const id = connectionId();
    await handler(wsEvent('CONNECT', id, visitor), {} as Context);
    const otherVisitorRoom = visitorRoom(visitor.companyId, newObjectId());
    const result = await handler(
      wsEvent(
        'MESSAGE',
        id,
        visitor,
        JSON.stringify({
          action: 'joinRoom',
          rooms: [companyRoom(visitor.companyId), otherVisitorRoom],
          employee: visitor.visitorId,
        }),
      ),
      {} as Context,
    );
    expect(JSON.parse(result.body ?? '{}')).toMatchObject({
      event: 'error',
      data: { company: visitor.companyId, code: 'room_forbidden' },
    });
    expect(await listConnectionRooms(visitor.companyId, id)).toEqual([
      visitorRoom(visitor.companyId, visitor.visitorId),
    ]);
    expect(await listRoomMembers(visitor.companyId, otherVisitorRoom)).toEqual([]);
  });

  it('forgets the visitor connection on disconnect', async () => {
    const visitor = visitorContext();
    const id = connectionId();
    await handler(wsEvent('CONNECT', id, visitor), {} as Context);
    await handler(wsEvent('DISCONNECT', id, visitor), {} as Context);
    expect(
      await listRoomMembers(visitor.companyId, visitorRoom(visitor.companyId, visitor.visitorId)),
    ).toEqual([]);
  });

  it("refuses an employee's joinRoom of a visitor room", async () => {
    const auth: AuthContext = {
      companyId: newObjectId(),
      employeeId: newObjectId(),
      role: 'admin',
      sessionId: newObjectId(),
      blocked: false,
    };
    const caller = { auth, connectionId: connectionId() };
    await connect(caller, Date.now());
    const room = visitorRoom(auth.companyId, newObjectId());
    const reply = await handleMessage(caller, {
      action: 'joinRoom',
      rooms: [room],
      employee: auth.employeeId,
    });
    expect(reply).toMatchObject({ event: 'error', data: { code: 'room_forbidden' } });
    expect(await listRoomMembers(auth.companyId, room)).toEqual([]);
  });

  it('treats a context with an unknown role as nobody', async () => {
    const result = await handler(
      wsEvent('CONNECT', connectionId(), { ...visitorContext(), role: 'superuser' }),
      {} as Context,
    );
    expect(result).toEqual({ statusCode: 401 });
  });
});
