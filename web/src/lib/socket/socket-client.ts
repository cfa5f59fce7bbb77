import { LIMITS } from '@atende/shared/domain/constants';
import type { ClientFrame } from '@atende/shared/realtime/client-actions';
import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { parseServerFrame } from '@atende/shared/realtime/server-events';
import { createFrameBus, type FrameBus } from './active-socket.ts';

/** The constructor slice of the browser WebSocket; tests pass a fake. */
export interface WebSocketFactory {
  new (url: string): WebSocket;
  readonly OPEN: number;
}

export interface SocketClientOptions {
  wsUrl: string;
  accessToken: () => string | null;
  employeeId: string;
  companyId: string;
  /** This browser session's id (the token's sessionId); a close-others-sessions naming it is our own. */
  sessionId: string | undefined;
  rooms: readonly string[];
  onStatus: (status: 'online' | 'offline') => void;
  /** Spec point 4: after the fourth failed reconnect attempt a disconnection is reported and an alert shown. */
  onConnectionLost: () => void;
  onConnectionBack: () => void;
  onSignedOutElsewhere: () => void;
  onForeignCompanyFrame: (frame: ServerFrame) => void;
  /**
   * The socket opened again after a drop (a server restart, a proxy timeout, a connection the server forgot):
   * frames sent meanwhile never arrived, so what the screens show must be read again.
   */
  onReconnected?: () => void;
  /** Where received frames go; the shell passes its long-lived bus so screens outlive a client. */
  frames?: FrameBus;
  /** The socket reported an error (spec point 7: reported to /logs/critical). */
  onSocketError?: (attempt: number) => void;
  WebSocketImpl?: WebSocketFactory;
  backoffMs?: (attempt: number) => number;
}

export interface SocketClient {
  connect(): void;
  leaveRooms(): void;
  disconnect(): void;
  on<E extends ServerEvent>(event: E, listener: (frame: ServerFrame<E>) => void): () => void;
}

export const defaultBackoffMs = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 30_000);

export function createSocketClient(options: SocketClientOptions): SocketClient {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const frames = options.frames ?? createFrameBus();
  let socket: WebSocket | undefined;
  let failedAttempts = 0;
  let lostReported = false;
  let stopped = false;
  let firstOpen = true;
  let statusTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * The page's realtime state on <html data-realtime>: 'joined' once the server answered checkStatus (so the
   * rooms joined before it are live), 'offline' while closed. Screens and end-to-end tests can wait on it
   * instead of guessing how long a fresh page takes to receive frames.
   */
  const mark = (state: 'joined' | 'offline'): void => {
    if (typeof document !== 'undefined') document.documentElement.dataset.realtime = state;
  };

  const send = (frame: ClientFrame): void => {
    if (socket?.readyState === Impl.OPEN) socket.send(JSON.stringify(frame));
  };

  const handleOpen = (): void => {
    if (lostReported) options.onConnectionBack();
    failedAttempts = 0;
    lostReported = false;
    send({ action: 'joinRoom', rooms: [...options.rooms], employee: options.employeeId });
    statusTimer = setTimeout(
      () => send({ action: 'checkStatus', employee: options.employeeId }),
      LIMITS.checkStatusDelayMs,
    );
    if (firstOpen) send({ action: 'close-others-sessions' });
    else options.onReconnected?.();
    firstOpen = false;
  };

  const handleMessage = (message: MessageEvent): void => {
    if (typeof message.data !== 'string') return;
    const parsed = parseServerFrame(message.data, options.companyId);
    if (parsed.kind === 'invalid') return;
    if (parsed.kind === 'foreign-company') {
      options.onForeignCompanyFrame(parsed.frame);
      return;
    }
    const { frame } = parsed;
    if (frame.event === 'error' && (frame.data as { code?: unknown }).code === 'connection_unknown') {
      // The server no longer knows this connection (its row went with a sweep while the socket stayed open):
      // no room frame would ever reach it, so open a fresh one.
      socket?.close();
      return;
    }
    if (frame.event === 'checkStatus') {
      mark('joined');
      options.onStatus((frame as ServerFrame<'checkStatus'>).data.status);
    }
    if (frame.event === 'close-others-sessions') {
      const data = (frame as ServerFrame<'close-others-sessions'>).data;
      if (data.employee === options.employeeId && data.sessionId !== options.sessionId)
        options.onSignedOutElsewhere();
    }
    frames.emit(frame);
  };

  const scheduleReconnect = (): void => {
    if (stopped) return;
    failedAttempts += 1;
    if (failedAttempts === LIMITS.reconnectAlertAttempt && !lostReported) {
      lostReported = true;
      options.onConnectionLost();
    }
    reconnectTimer = setTimeout(open, backoff(failedAttempts));
  };

  function open(): void {
    const token = options.accessToken();
    if (stopped || !token) return;
    const url = new URL(options.wsUrl);
    url.searchParams.set('token', token);
    const current = new Impl(url.toString());
    socket = current;
    current.addEventListener('open', handleOpen);
    current.addEventListener('message', handleMessage);
    current.addEventListener('error', () => options.onSocketError?.(failedAttempts + 1));
    current.addEventListener('close', () => {
      clearTimeout(statusTimer);
      if (socket === current) mark('offline');
      if (socket === current) scheduleReconnect();
    });
  }

  return {
    connect() {
      stopped = false;
      if (!socket) open();
    },
    leaveRooms() {
      send({ action: 'leaveRoom', rooms: [...options.rooms], employee: options.employeeId });
    },
    disconnect() {
      stopped = true;
      clearTimeout(statusTimer);
      clearTimeout(reconnectTimer);
      const current = socket;
      socket = undefined;
      mark('offline');
      current?.close();
    },
    on(event, listener) {
      return frames.on(event, listener);
    },
  };
}
