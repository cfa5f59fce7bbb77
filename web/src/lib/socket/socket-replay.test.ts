import type { ListMissedFramesResponse } from '@atende/shared/contracts/realtime/list-missed-frames';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameBus } from './active-socket.ts';
import { FakeWebSocket, latest } from './fake-websocket.ts';
import { createFrameStream } from './frame-stream.ts';
import { createSocketClient, type WebSocketFactory } from './socket-client.ts';

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const EMPLOYEE = 'cccccccccccccccccccccccc';

const notice = (seq: number, subject = `aviso ${seq}`) => ({
  event: 'tmail-new',
  data: { company: COMPANY, subject },
  seq,
});

function setup(replay: (after: number | undefined) => Promise<ListMissedFramesResponse>) {
  const frames = createFrameBus();
  const received: (string | undefined)[] = [];
  frames.on('tmail-new', (frame) => received.push(frame.data.subject));
  const onReconnected = vi.fn();
  const replayFn = vi.fn(replay);
  const client = createSocketClient({
    wsUrl: 'ws://localhost:4000/ws',
    accessToken: () => 'token-1',
    employeeId: EMPLOYEE,
    companyId: COMPANY,
    sessionId: 'session-1',
    rooms: [`company:${COMPANY}`],
    onStatus: vi.fn(),
    onConnectionLost: vi.fn(),
    onConnectionBack: vi.fn(),
    onSignedOutElsewhere: vi.fn(),
    onForeignCompanyFrame: vi.fn(),
    onReconnected,
    replay: replayFn,
    frames,
    WebSocketImpl: FakeWebSocket as unknown as WebSocketFactory,
    backoffMs: () => 1000,
    gapGraceMs: 500,
  });
  client.connect();
  return { client, received, onReconnected, replay: replayFn };
}

async function dropAndReopen(): Promise<void> {
  latest().serverDrops();
  await vi.advanceTimersByTimeAsync(1000);
  latest().serverOpens();
  await vi.advanceTimersByTimeAsync(0);
}

describe('frame stream', () => {
  it('applies each number once, waits for holes and settles on the server position', () => {
    const stream = createFrameStream();
    expect(stream.accept(3)).toBe(true);
    stream.settle(2);
    expect(stream.position()).toBe(3);
    expect([stream.accept(3), stream.accept(2), stream.accept(undefined)]).toEqual([false, false, true]);
    expect(stream.accept(5)).toBe(true);
    expect(stream.hasHole()).toBe(true);
    expect(stream.accept(4)).toBe(true);
    expect([stream.position(), stream.hasHole()]).toEqual([5, false]);
    stream.accept(9);
    stream.settle(7);
    expect([stream.position(), stream.hasHole()]).toEqual([7, true]);
  });
});

describe('socket client replay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('after a reconnect, applies only the frames it missed, through the same listeners, and reads nothing again', async () => {
    const { received, onReconnected, replay } = setup(async (after) =>
      after === undefined
        ? { seq: 4, resync: false, frames: [] }
        : { seq: 7, resync: false, frames: [notice(5), notice(6), notice(7)] },
    );
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(0);
    expect(replay).toHaveBeenCalledWith(undefined);
    latest().serverSends(notice(5));
    await dropAndReopen();
    expect(replay).toHaveBeenLastCalledWith(5);
    // 5 arrived live before the drop: the replay's copy is dropped, 6 and 7 are new.
    expect(received).toEqual(['aviso 5', 'aviso 6', 'aviso 7']);
    expect(onReconnected).not.toHaveBeenCalled();
    latest().serverSends(notice(7));
    latest().serverSends(notice(8));
    expect(received).toEqual(['aviso 5', 'aviso 6', 'aviso 7', 'aviso 8']);
  });

  it('reads everything again when the server answers resync, or the replay fails', async () => {
    let answer: () => Promise<ListMissedFramesResponse> = async () => ({ seq: 2, resync: false, frames: [] });
    const { received, onReconnected, replay } = setup((after) =>
      after === undefined ? Promise.resolve({ seq: 2, resync: false, frames: [] }) : answer(),
    );
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(0);
    answer = async () => ({ seq: 400, resync: true, frames: [] });
    await dropAndReopen();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    answer = () => Promise.reject(new Error('offline'));
    await dropAndReopen();
    expect(replay).toHaveBeenLastCalledWith(400);
    expect(onReconnected).toHaveBeenCalledTimes(2);
    expect(received).toEqual([]);
  });

  it('reads everything again when the first position never came', async () => {
    const { onReconnected, replay } = setup(() => Promise.reject(new Error('500')));
    latest().serverOpens();
    await dropAndReopen();
    expect(replay).toHaveBeenCalledTimes(2);
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('asks for a frame missing between live ones once the grace has passed, unless it shows up', async () => {
    const { received, replay } = setup(async (after) =>
      after === undefined
        ? { seq: 1, resync: false, frames: [] }
        : { seq: 4, resync: false, frames: [notice(2), notice(3), notice(4)] },
    );
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverSends(notice(3));
    latest().serverSends(notice(2));
    await vi.advanceTimersByTimeAsync(600);
    expect(replay).toHaveBeenCalledTimes(1);
    latest().serverSends(notice(5));
    await vi.advanceTimersByTimeAsync(600);
    expect(replay).toHaveBeenLastCalledWith(3);
    expect(received).toEqual(['aviso 3', 'aviso 2', 'aviso 5', 'aviso 4']);
  });
});
