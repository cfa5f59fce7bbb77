import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketClientOptions, WebSocketFactory } from './socket-client.ts';
import { createSocketClient } from './socket-client.ts';
import { createFrameBus } from './active-socket.ts';
import { FakeWebSocket, latest } from './fake-websocket.ts';

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER_COMPANY = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const EMPLOYEE = 'cccccccccccccccccccccccc';

function setup(overrides: Partial<SocketClientOptions> = {}) {
  const options = {
    wsUrl: 'ws://localhost:4000/ws',
    accessToken: () => 'token-1',
    employeeId: EMPLOYEE,
    companyId: COMPANY,
    sessionId: 'session-1',
    rooms: [`company:${COMPANY}`, `employee:${COMPANY}:${EMPLOYEE}`],
    onStatus: vi.fn(),
    onConnectionLost: vi.fn(),
    onConnectionBack: vi.fn(),
    onSignedOutElsewhere: vi.fn(),
    onForeignCompanyFrame: vi.fn(),
    WebSocketImpl: FakeWebSocket as unknown as WebSocketFactory,
    backoffMs: () => 1000,
    ...overrides,
  } satisfies SocketClientOptions;
  const client = createSocketClient(options);
  client.connect();
  return { client, options };
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the access token and joins its rooms at once, asking for its status 500 ms later', () => {
    setup();
    const socket = latest();
    expect(new URL(socket.url).searchParams.get('token')).toBe('token-1');
    socket.serverOpens();
    expect(socket.sent[0]).toEqual({
      action: 'joinRoom',
      rooms: [`company:${COMPANY}`, `employee:${COMPANY}:${EMPLOYEE}`],
      employee: EMPLOYEE,
    });
    expect(socket.sent).not.toContainEqual({ action: 'checkStatus', employee: EMPLOYEE });
    vi.advanceTimersByTime(499);
    expect(socket.sent).not.toContainEqual({ action: 'checkStatus', employee: EMPLOYEE });
    vi.advanceTimersByTime(1);
    expect(socket.sent).toContainEqual({ action: 'checkStatus', employee: EMPLOYEE });
  });

  it('sets the status from the checkStatus reply', () => {
    const { options } = setup();
    latest().serverOpens();
    latest().serverSends({ event: 'checkStatus', data: { company: COMPANY, status: 'online' } });
    expect(options.onStatus).toHaveBeenCalledWith('online');
  });

  it('joins again and re-checks the status after every reconnect', () => {
    setup();
    latest().serverOpens();
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    const second = latest();
    expect(FakeWebSocket.instances).toHaveLength(2);
    second.serverOpens();
    vi.advanceTimersByTime(500);
    expect(second.sent).toContainEqual(expect.objectContaining({ action: 'joinRoom' }));
    expect(second.sent).toContainEqual({ action: 'checkStatus', employee: EMPLOYEE });
    expect(second.sent).not.toContainEqual({ action: 'close-others-sessions' });
  });

  it('reports the lost connection at the fourth failed reconnect attempt, once, and its return', () => {
    const { options } = setup();
    latest().serverOpens();
    latest().serverDrops();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      vi.advanceTimersByTime(1000);
      expect(options.onConnectionLost).not.toHaveBeenCalled();
      latest().serverDrops();
    }
    expect(options.onConnectionLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    latest().serverDrops();
    expect(options.onConnectionLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    latest().serverOpens();
    expect(options.onConnectionBack).toHaveBeenCalledTimes(1);
  });

  it('drops and reports a frame of another company', () => {
    const { client, options } = setup();
    const listener = vi.fn();
    client.on('tmail-new', listener);
    latest().serverOpens();
    latest().serverSends({ event: 'tmail-new', data: { company: OTHER_COMPANY } });
    expect(listener).not.toHaveBeenCalled();
    expect(options.onForeignCompanyFrame).toHaveBeenCalledTimes(1);
    latest().serverSends({ event: 'tmail-new', data: { company: COMPANY } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('signs out when another session of the same employee opens, not for its own session', () => {
    const { options } = setup();
    latest().serverOpens();
    latest().serverSends({
      event: 'close-others-sessions',
      data: { company: COMPANY, employee: EMPLOYEE, sessionId: 'session-1' },
    });
    expect(options.onSignedOutElsewhere).not.toHaveBeenCalled();
    latest().serverSends({
      event: 'close-others-sessions',
      data: { company: COMPANY, employee: EMPLOYEE, sessionId: 'session-2' },
    });
    expect(options.onSignedOutElsewhere).toHaveBeenCalledTimes(1);
  });

  it('stops reconnecting after disconnect()', () => {
    const { client } = setup();
    latest().serverOpens();
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
  it('opens a fresh socket when the server no longer knows the connection it joins from', () => {
    setup();
    const first = latest();
    first.serverOpens();
    first.serverSends({
      event: 'error',
      data: {
        company: COMPANY,
        code: 'connection_unknown',
        message: 'Conexão não encontrada.',
        action: 'joinRoom',
      },
    });
    expect(first.readyState).toBe(3);
    first.serverDrops();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().serverOpens();
    expect(latest().sent[0]).toMatchObject({ action: 'joinRoom', employee: EMPLOYEE });
  });

  it('asks the screens to read again after a reconnect, never on the first open', async () => {
    const onReconnected = vi.fn();
    setup({ onReconnected });
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(0);
    expect(onReconnected).not.toHaveBeenCalled();
    latest().serverDrops();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onReconnected).not.toHaveBeenCalled();
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(0);
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('delivers frames to a bus that outlives the client, so a replacement client keeps the listeners', () => {
    const frames = createFrameBus();
    const received: unknown[] = [];
    frames.on('refresh-whatsapp', (frame) => received.push(frame.data));
    const first = setup({ frames });
    latest().serverOpens();
    latest().serverSends({
      event: 'refresh-whatsapp',
      data: { company: COMPANY, integration: 'aaaaaaaaaaaaaaaaaaaaaaa1' },
    });
    first.client.disconnect();
    setup({ frames });
    latest().serverOpens();
    latest().serverSends({
      event: 'refresh-whatsapp',
      data: { company: COMPANY, integration: 'aaaaaaaaaaaaaaaaaaaaaaa2' },
    });
    expect(received).toEqual([
      { company: COMPANY, integration: 'aaaaaaaaaaaaaaaaaaaaaaa1' },
      { company: COMPANY, integration: 'aaaaaaaaaaaaaaaaaaaaaaa2' },
    ]);
  });
});
