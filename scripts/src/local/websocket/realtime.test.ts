import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signAccessToken, verifyAccessToken } from '@atende/functions/auth/tokens';
import { publishToRoom } from '@atende/functions/realtime/publish';
import { handler } from '@atende/functions/realtime/handler';
import { getConnection, joinRooms, listRoomMembers, putConnection } from '@atende/functions/realtime/store';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { newObjectId } from '@atende/shared/domain/object-id';
import { companyRoom, departmentRoom } from '@atende/shared/realtime/rooms';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createWebSocketGateway, type WebSocketGateway } from './gateway.ts';

/**
 * The realtime Lambda behind the local gateway, against DynamoDB Local, pushing through the real management
 * API client: the same wiring as `npm start`.
 */
const SECRET = 'realtime-gateway-test-secret';
let server: Server;
let gateway: WebSocketGateway;
let port: number;

/** Checks the token like the real authorizer; the session lookup belongs to the auth domain's tests. */
async function tokenAuthorizer(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const verified = await verifyAccessToken(event.queryStringParameters?.token ?? '', SECRET);
  if (!verified) throw new Error('Unauthorized');
  return {
    principalId: verified.employeeId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context: { ...verified, blocked: 'false' },
  };
}

interface Client {
  socket: WebSocket;
  frames: { event: string; data: Record<string, unknown> }[];
}

async function join(claims: { companyId: string; employeeId: string; sessionId: string }): Promise<Client> {
  const token = await signAccessToken({ ...claims, role: 'operator' }, SECRET);
  const socket = new WebSocket(`ws://127.0.0.1:${port}${WEBSOCKET_API.path}?token=${token}`);
  const client: Client = { socket, frames: [] };
  socket.on('message', (data) => client.frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return client;
}

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (gateway.handleManagement(req, res)) return;
    res.writeHead(404).end();
  });
  gateway = createWebSocketGateway({
    server,
    path: WEBSOCKET_API.path,
    routeKeys: WEBSOCKET_API.routeKeys,
    authorize: tokenAuthorizer,
    handler,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${port}`;
  await useTestTables();
});

afterAll(async () => {
  await gateway.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('realtime through the local gateway', () => {
  it('answers checkStatus, signs out older sessions and pushes room events', async () => {
    const companyId = newObjectId();
    const employeeId = newObjectId();
    const older = await join({ companyId, employeeId, sessionId: newObjectId() });
    const newer = await join({ companyId, employeeId, sessionId: newObjectId() });

    older.socket.send(JSON.stringify({ action: 'checkStatus', employee: employeeId }));
    await waitFor(() => older.frames.length === 1);
    expect(older.frames[0]).toEqual({ event: 'checkStatus', data: { status: 'online', company: companyId } });

    newer.socket.send(JSON.stringify({ action: 'close-others-sessions' }));
    await waitFor(() => older.frames.length === 2);
    expect(older.frames[1]).toMatchObject({ event: 'close-others-sessions', data: { company: companyId } });

    const room = departmentRoom(companyId, newObjectId());
    newer.socket.send(JSON.stringify({ action: 'joinRoom', rooms: [room], employee: employeeId }));
    newer.socket.send(
      JSON.stringify({ action: 'joinRoom', rooms: [companyRoom(newObjectId())], employee: employeeId }),
    );
    await waitFor(() => newer.frames.length === 1);
    expect(newer.frames[0]).toMatchObject({
      event: 'error',
      data: { company: companyId, code: 'room_forbidden' },
    });

    expect(await publishToRoom(companyId, room, 'telegram', {})).toEqual({ delivered: 1, gone: 0 });
    await waitFor(() => newer.frames.length === 2);
    // Numbered in the employee's frame stream (issue 20 item 14), whose first frame this is.
    expect(newer.frames[1]).toEqual({ event: 'telegram', data: { company: companyId }, seq: 1 });
    expect(older.frames).toHaveLength(2);
  });

  it('forgets a connection on close and cleans up one the gateway no longer knows', async () => {
    const companyId = newObjectId();
    const client = await join({ companyId, employeeId: newObjectId(), sessionId: newObjectId() });
    const [member] = await listRoomMembers(companyId, companyRoom(companyId));
    const before = gateway.connectionCount();
    client.socket.close();
    await waitFor(() => gateway.connectionCount() === before - 1);
    await expect.poll(() => getConnection(companyId, member!.connectionId)).toBeUndefined();

    const stale = {
      connectionId: 'staleConnId0000=',
      companyId,
      employeeId: newObjectId(),
      role: 'operator' as const,
      sessionId: newObjectId(),
      connectedAt: Date.now(),
    };
    await putConnection(stale);
    await joinRooms(stale, [companyRoom(companyId)]);
    expect(await publishToRoom(companyId, companyRoom(companyId), 'tmail-new', {})).toEqual({
      delivered: 0,
      gone: 1,
    });
    expect(await getConnection(companyId, stale.connectionId)).toBeUndefined();
    expect(await listRoomMembers(companyId, companyRoom(companyId))).toEqual([]);
  });
});
