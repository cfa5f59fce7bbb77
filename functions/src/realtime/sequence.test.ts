import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  listMissedFrames,
  type ListMissedFramesResponse,
  REPLAY_MAX_FRAMES,
} from '@atende/shared/contracts/realtime/list-missed-frames';
import { newObjectId } from '@atende/shared/domain/object-id';
import { companyRoom } from '@atende/shared/realtime/rooms';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { publishToConnections, publishToEmployee, publishToRoom } from './publish.ts';
import { missedFrames } from './sequence.ts';
import { type Caller, connect, disconnect } from './service.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let counter = 0;

function employee(companyId = newObjectId()): AuthContext {
  return { companyId, employeeId: newObjectId(), role: 'operator', sessionId: newObjectId(), blocked: false };
}

async function open(auth: AuthContext): Promise<Caller> {
  const caller = { auth, connectionId: `seq${(counter += 1)}AbC=` };
  await connect(caller, Date.now());
  return caller;
}

const framesTo = (caller: Caller) =>
  posted.filter((entry) => entry.connectionId === caller.connectionId).map((entry) => entry.frame);

const notice = (auth: AuthContext, n: number) =>
  publishToEmployee(auth.companyId, auth.employeeId, 'tmail-new', { subject: `aviso ${n}` });

const streamKey = (auth: AuthContext, seq: number) => ({
  pk: `C#${auth.companyId}#EMP#${auth.employeeId}#RT#`,
  sk: `F#${String(seq).padStart(15, '0')}`,
});

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
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

describe('per-employee frame sequence', () => {
  it('numbers concurrent frames to one employee 1..n without a repeat, and replays them in order', async () => {
    const auth = employee();
    const caller = await open(auth);
    await Promise.all(Array.from({ length: 40 }, (_, n) => notice(auth, n)));
    const seqs = framesTo(caller).map((frame) => frame.seq);
    expect([...seqs].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 40 }, (_, n) => n + 1),
    );
    const replay = await missedFrames(auth, 0);
    expect(replay).toMatchObject({ seq: 40, resync: false });
    expect(replay.frames.map((frame) => frame.seq)).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
    // The replayed frame is the one the socket carried, byte for byte.
    const live = framesTo(caller).find((frame) => frame.seq === 7);
    expect(replay.frames[6]).toEqual(live);
    expect((await missedFrames(auth, 38)).frames.map((frame) => frame.seq)).toEqual([39, 40]);
    expect(await missedFrames(auth, 40)).toEqual({ seq: 40, resync: false, frames: [] });
    expect(await missedFrames(auth, undefined)).toEqual({ seq: 40, resync: false, frames: [] });
  });

  it('gives every receiver of a company frame its own number, and keeps it for a listener whose socket is down', async () => {
    const companyId = newObjectId();
    const [first, second, gone, stranger] = [
      employee(companyId),
      employee(companyId),
      employee(companyId),
      employee(companyId),
    ];
    const a = await open(first);
    await notice(first, 0);
    const b = await open(second);
    await disconnect(await open(gone));
    await publishToRoom(companyId, companyRoom(companyId), 'admin-update-employees', {});
    expect(framesTo(a).map((frame) => frame.seq)).toEqual([1, 2]);
    expect(framesTo(b)).toEqual([{ event: 'admin-update-employees', data: { company: companyId }, seq: 1 }]);
    // `gone` closed its last socket: the frame waits in its stream for the replay window.
    expect(await missedFrames(gone, 0)).toEqual({
      seq: 1,
      resync: false,
      frames: [{ event: 'admin-update-employees', data: { company: companyId }, seq: 1 }],
    });
    // Never connected: nobody keeps frames for them.
    expect(await missedFrames(stranger, 0)).toEqual({ seq: 0, resync: false, frames: [] });
  });

  it('leaves session-control frames to hand-picked sockets unnumbered', async () => {
    const auth = employee();
    const caller = await open(auth);
    await publishToConnections(auth.companyId, [caller.connectionId], 'close-others-sessions', {
      employee: auth.employeeId,
      sessionId: newObjectId(),
    });
    expect(framesTo(caller)[0]?.seq).toBeUndefined();
    expect((await missedFrames(auth, undefined)).seq).toBe(0);
  });
});

describe('replay answers resync when frames are no longer all kept', () => {
  it('for a position ahead of the stream, a gap beyond the bound, an expired frame or a missing one', async () => {
    const auth = employee();
    await open(auth);
    for (let n = 0; n < 5; n += 1) await notice(auth, n);
    expect(await missedFrames(auth, 9)).toEqual({ seq: 5, resync: true, frames: [] });
    const table = config().mainTable;
    await clients().document.send(
      new UpdateCommand({
        TableName: table,
        Key: streamKey(auth, 3),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    // The TTL sweeper is lazy: an expired frame still in the table counts as gone.
    expect(await missedFrames(auth, 1)).toEqual({ seq: 5, resync: true, frames: [] });
    expect((await missedFrames(auth, 3)).frames.map((frame) => frame.seq)).toEqual([4, 5]);
    await clients().document.send(new DeleteCommand({ TableName: table, Key: streamKey(auth, 5) }));
    expect(await missedFrames(auth, 4)).toEqual({ seq: 5, resync: true, frames: [] });
  });

  it('beyond REPLAY_MAX_FRAMES', async () => {
    const auth = employee();
    await open(auth);
    await Promise.all(Array.from({ length: REPLAY_MAX_FRAMES + 1 }, (_, n) => notice(auth, n)));
    expect(await missedFrames(auth, 0)).toEqual({ seq: REPLAY_MAX_FRAMES + 1, resync: true, frames: [] });
    expect((await missedFrames(auth, 1)).frames).toHaveLength(REPLAY_MAX_FRAMES);
  });
});

describe('GET /realtime/frames', () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTenant(), createTenant()]);
  });

  it("answers the caller's own stream only: a colleague's and another company's frames never show", async () => {
    const own = { companyId: a.companyId, employeeId: a.operator.id };
    await publishToEmployee(a.companyId, a.operator.id, 'tmail-new', { subject: 'para o operador' });
    await publishToEmployee(a.companyId, a.admin.id, 'tmail-new', { subject: 'para o admin' });
    await publishToEmployee(b.companyId, b.operator.id, 'tmail-new', { subject: 'outra empresa' });
    const mine = await callRoute(accountHandler, listMissedFrames, {
      token: a.operator.token,
      query: { after: '0' },
    });
    expect(mine.status).toBe(200);
    const body = mine.body as ListMissedFramesResponse;
    expect(body).toMatchObject({ seq: 1, resync: false });
    expect(body.frames).toEqual([
      { event: 'tmail-new', data: { company: a.companyId, subject: 'para o operador' }, seq: 1 },
    ]);
    expect(await missedFrames(own, 0)).toEqual(body);
    const otherCompany = await callRoute(accountHandler, listMissedFrames, {
      token: b.admin.token,
      query: { after: '0' },
    });
    expect(otherCompany.body).toEqual({ seq: 0, resync: false, frames: [] });
  });

  it('answers 400 naming `after` when it is not a whole number from 0', async () => {
    for (const after of ['-1', 'abc', '1.5']) {
      const bad = await callRoute(accountHandler, listMissedFrames, {
        token: a.admin.token,
        query: { after },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('after');
    }
    const anonymous = await callRoute(accountHandler, listMissedFrames, { query: { after: '0' } });
    expect(anonymous.status).toBe(401);
  });
});
