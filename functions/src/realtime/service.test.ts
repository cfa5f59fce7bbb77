import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { newObjectId } from '@atende/shared/domain/object-id';
import { companyRoom, departmentRoom, employeeRoom } from '@atende/shared/realtime/rooms';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../lib/auth-context.ts';
import { publishToEmployee, publishToRoom } from './publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { type Caller, connect, disconnect, handleMessage } from './service.ts';
import { getConnection, listConnectionRooms, listRoomMembers } from './store.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
const gone = new Set<string>();

let counter = 0;
const connectionId = () => `conn${(counter += 1)}AbC+/=`;

function employee(companyId = newObjectId(), sessionId = newObjectId()): AuthContext {
  return { companyId, employeeId: newObjectId(), role: 'operator', sessionId, blocked: false };
}

async function open(auth: AuthContext): Promise<Caller> {
  const caller = { auth, connectionId: connectionId() };
  await connect(caller, Date.now());
  return caller;
}

const framesTo = (caller: Caller) =>
  posted.filter((entry) => entry.connectionId === caller.connectionId).map((entry) => entry.frame);

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
});

beforeEach(() => {
  posted = [];
  gone.clear();
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    if (gone.has(input.ConnectionId)) throw new GoneException({ message: 'Gone', $metadata: {} });
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')),
    });
    return {};
  });
});

describe('connection bookkeeping', () => {
  it('stores the connection with the authorizer identity and joins the company and employee rooms', async () => {
    const auth = employee();
    const caller = await open(auth);
    const { blocked: _blocked, ...identity } = auth;
    expect(await getConnection(auth.companyId, caller.connectionId)).toEqual({
      ...identity,
      connectionId: caller.connectionId,
      connectedAt: expect.any(Number),
    });
    expect((await listConnectionRooms(auth.companyId, caller.connectionId)).sort()).toEqual(
      [companyRoom(auth.companyId), employeeRoom(auth.companyId, auth.employeeId)].sort(),
    );
    expect(
      (await listRoomMembers(auth.companyId, companyRoom(auth.companyId))).map((m) => m.connectionId),
    ).toEqual([caller.connectionId]);
  });

  it('forgets the connection and all its rooms on disconnect', async () => {
    const auth = employee();
    const caller = await open(auth);
    const department = departmentRoom(auth.companyId, newObjectId());
    await handleMessage(caller, { action: 'joinRoom', rooms: [department], employee: auth.employeeId });
    await disconnect(caller);
    expect(await getConnection(auth.companyId, caller.connectionId)).toBeUndefined();
    expect(await listConnectionRooms(auth.companyId, caller.connectionId)).toEqual([]);
    expect(await listRoomMembers(auth.companyId, companyRoom(auth.companyId))).toEqual([]);
    expect(await listRoomMembers(auth.companyId, department)).toEqual([]);
  });
});

describe('rooms', () => {
  it('joins a department room of its own company and leaves it again', async () => {
    const auth = employee();
    const caller = await open(auth);
    const room = departmentRoom(auth.companyId, newObjectId());
    expect(
      await handleMessage(caller, { action: 'joinRoom', rooms: [room], employee: auth.employeeId }),
    ).toBeUndefined();
    expect((await listRoomMembers(auth.companyId, room)).map((m) => m.connectionId)).toEqual([
      caller.connectionId,
    ]);
    await handleMessage(caller, { action: 'leaveRoom', rooms: [room], employee: auth.employeeId });
    expect(await listRoomMembers(auth.companyId, room)).toEqual([]);
  });

  it('refuses a room of another company with an error frame and joins nothing', async () => {
    const auth = employee();
    const caller = await open(auth);
    const other = newObjectId();
    const own = departmentRoom(auth.companyId, newObjectId());
    const reply = await handleMessage(caller, {
      action: 'joinRoom',
      rooms: [own, companyRoom(other)],
      employee: auth.employeeId,
    });
    expect(reply).toEqual({
      event: 'error',
      data: {
        company: auth.companyId,
        code: 'room_forbidden',
        message: 'Sala não permitida.',
        action: 'joinRoom',
      },
    });
    expect(await listRoomMembers(other, companyRoom(other))).toEqual([]);
    expect(await listRoomMembers(auth.companyId, own)).toEqual([]);
  });

  it("refuses another employee's room and a frame naming another employee", async () => {
    const auth = employee();
    const caller = await open(auth);
    const colleague = newObjectId();
    const theirRoom = employeeRoom(auth.companyId, colleague);
    const asThem = await handleMessage(caller, {
      action: 'joinRoom',
      rooms: [theirRoom],
      employee: auth.employeeId,
    });
    expect(asThem).toMatchObject({ event: 'error', data: { code: 'room_forbidden' } });
    const named = await handleMessage(caller, {
      action: 'joinRoom',
      rooms: [companyRoom(auth.companyId)],
      employee: colleague,
    });
    expect(named).toMatchObject({ event: 'error', data: { code: 'room_forbidden' } });
    expect(await listRoomMembers(auth.companyId, theirRoom)).toEqual([]);
  });
});

describe('publishing', () => {
  it('reaches only the members of the room in the same company', async () => {
    const companyA = newObjectId();
    const inRoom = await open(employee(companyA));
    const notInRoom = await open(employee(companyA));
    const otherCompany = await open(employee());
    const room = departmentRoom(companyA, newObjectId());
    await handleMessage(inRoom, { action: 'joinRoom', rooms: [room], employee: inRoom.auth.employeeId });

    const result = await publishToRoom(companyA, room, 'refresh-session', { event: 'departments-update' });

    expect(result).toEqual({ delivered: 1, gone: 0 });
    expect(framesTo(inRoom)).toEqual([
      { event: 'refresh-session', data: { company: companyA, event: 'departments-update' }, seq: 1 },
    ]);
    expect(framesTo(notInRoom)).toEqual([]);
    expect(framesTo(otherCompany)).toEqual([]);
    await expect(
      publishToRoom(companyA, companyRoom(otherCompany.auth.companyId), 'tmail-new', {}),
    ).rejects.toThrow();
  });

  it('deletes connections the management API reports gone and still serves the others', async () => {
    const company = newObjectId();
    const alive = await open(employee(company));
    const dead = await open(employee(company));
    gone.add(dead.connectionId);

    const result = await publishToRoom(company, companyRoom(company), 'admin-update-employees', {});

    expect(result).toEqual({ delivered: 1, gone: 1 });
    expect(framesTo(alive)).toHaveLength(1);
    expect(await getConnection(company, dead.connectionId)).toBeUndefined();
    expect((await listRoomMembers(company, companyRoom(company))).map((m) => m.connectionId)).toEqual([
      alive.connectionId,
    ]);
  });

  it('publishes to every open connection of one employee', async () => {
    const auth = employee();
    const first = await open(auth);
    const second = await open({ ...auth, sessionId: newObjectId() });
    const colleague = await open(employee(auth.companyId));
    await publishToEmployee(auth.companyId, auth.employeeId, 'refresh-session-wallet', {
      action: 'update_wallet',
    });
    expect(framesTo(first)).toHaveLength(1);
    expect(framesTo(second)).toEqual([
      {
        event: 'refresh-session-wallet',
        data: { company: auth.companyId, action: 'update_wallet' },
        seq: 1,
      },
    ]);
    expect(framesTo(colleague)).toEqual([]);
  });
});

describe('client actions', () => {
  it('answers checkStatus with online and the company', async () => {
    const auth = employee();
    const caller = await open(auth);
    expect(await handleMessage(caller, { action: 'checkStatus', employee: auth.employeeId })).toEqual({
      event: 'checkStatus',
      data: { status: 'online', company: auth.companyId },
    });
    expect(await handleMessage(caller, { action: 'checkStatus', employee: newObjectId() })).toEqual({
      event: 'checkStatus',
      data: { status: 'offline', company: auth.companyId },
    });
  });

  it('signs out the other browser sessions of the same employee only', async () => {
    const auth = employee();
    const older = await open(auth);
    const sameSession = await open(auth);
    const newer = await open({ ...auth, sessionId: newObjectId() });
    const colleague = await open(employee(auth.companyId));

    expect(await handleMessage(newer, { action: 'close-others-sessions' })).toBeUndefined();

    const expected = {
      event: 'close-others-sessions',
      data: { company: auth.companyId, employee: auth.employeeId, sessionId: newer.auth.sessionId },
    };
    expect(framesTo(older)).toEqual([expected]);
    expect(framesTo(sameSession)).toEqual([expected]);
    expect(framesTo(newer)).toEqual([]);
    expect(framesTo(colleague)).toEqual([]);
  });

  it('tells the company an employee connected', async () => {
    const auth = employee();
    const caller = await open(auth);
    const colleague = await open(employee(auth.companyId));
    await handleMessage(caller, { action: 'broadcast-employee-connected' });
    expect(framesTo(colleague)).toEqual([
      {
        event: 'broadcast-employee-connection',
        data: { company: auth.companyId, employee: auth.employeeId, status: 'online' },
        seq: 1,
      },
    ]);
  });

  it('answers an unknown action or a malformed frame with an error frame', async () => {
    const caller = await open(employee());
    expect(await handleMessage(caller, { action: 'dropTables' })).toMatchObject({
      event: 'error',
      data: { company: caller.auth.companyId, code: 'unknown_action' },
    });
    expect(await handleMessage(caller, 'not json')).toMatchObject({
      event: 'error',
      data: { code: 'unknown_action' },
    });
    expect(await handleMessage(caller, { action: 'joinRoom', rooms: 'all' })).toMatchObject({
      event: 'error',
      data: { code: 'invalid_frame', action: 'joinRoom' },
    });
  });
});
