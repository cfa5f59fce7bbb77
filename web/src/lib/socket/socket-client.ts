import { LIMITS } from '@atende/shared/domain/constants';
import type { ClientFrame } from '@atende/shared/realtime/client-actions';
import type { ParsedServerFrame, ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { parseServerFrame, readServerFrame } from '@atende/shared/realtime/server-events';
import { createFrameBus, type FrameBus } from './active-socket.ts';
import { createFrameStream, type ReplayFetcher } from './frame-stream.ts';

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
   * What the screens show must be read again: the socket opened again after a drop (a server restart, a proxy
   * timeout, a connection the server forgot) and the frames sent meanwhile could not be replayed.
   */
  onReconnected?: () => void;
  /**
   * Fetches the frames this employee missed (issue 20 item 14). After a drop, or a hole in the numbers of the
   * frames received, they are applied like live ones; without it, or when the server says too much was missed,
   * onReconnected reads everything again.
   */
  replay?: ReplayFetcher;
  /** How long a hole in the numbers may wait for its frame (posts to one socket can overtake each other). */
  gapGraceMs?: number;
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

const DEFAULT_GAP_GRACE_MS = 1500;

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
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  const stream = createFrameStream();
  let syncing: Promise<void> = Promise.resolve();

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
    if (firstOpen) {
      send({ action: 'close-others-sessions' });
      void serially(learnPosition);
    } else void serially(catchUp);
    firstOpen = false;
  };

  /** Replays and position reads one after the other, so two never settle the stream out of order. */
  const serially = (task: () => Promise<void>): Promise<void> => (syncing = syncing.then(task));

  const learnPosition = async (): Promise<void> => {
    if (!options.replay) return;
    try {
      stream.settle((await options.replay(undefined)).seq);
    } catch {
      // Unknown position: the first reconnect reads everything again instead of replaying.
    }
  };

  /** Applies what was missed after the stream's position; whatever cannot be replayed is read again. */
  const catchUp = async (): Promise<void> => {
    const from = stream.position();
    if (!options.replay) {
      options.onReconnected?.();
      return;
    }
    try {
      const answer = await options.replay(from);
      if (stopped) return;
      if (from === undefined || answer.resync) {
        stream.settle(answer.seq);
        options.onReconnected?.();
        return;
      }
      for (const raw of answer.frames) receive(readServerFrame(raw, options.companyId));
      stream.settle(answer.seq);
    } catch {
      options.onReconnected?.();
    }
  };

  const checkGap = (): void => {
    gapTimer ??= setTimeout(() => {
      gapTimer = undefined;
      if (stream.hasHole()) void serially(catchUp);
    }, options.gapGraceMs ?? DEFAULT_GAP_GRACE_MS);
  };

  const handleMessage = (message: MessageEvent): void => {
    if (typeof message.data !== 'string') return;
    receive(parseServerFrame(message.data, options.companyId));
  };

  /** Every frame, live or replayed, goes through here: once each, to the same listeners. */
  function receive(parsed: ParsedServerFrame): void {
    if (parsed.kind === 'invalid') return;
    if (parsed.kind === 'foreign-company') {
      options.onForeignCompanyFrame(parsed.frame);
      return;
    }
    const { frame } = parsed;
    if (!stream.accept(frame.seq)) return;
    if (stream.hasHole()) checkGap();
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
  }

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
      clearTimeout(gapTimer);
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
