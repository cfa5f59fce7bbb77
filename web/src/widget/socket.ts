import type { WidgetMessage } from '@atende/shared/contracts/widget/views';

export interface VisitorSocketOptions {
  wsUrl: string;
  token: string;
  companyId: string | undefined;
  onMessage: (message: WidgetMessage) => void;
  /** Called on every (re)connection, so missed messages can be fetched again. */
  onOpen: () => void;
  onStateChange: (connected: boolean) => void;
}

const MAX_DELAY_MS = 30_000;

/**
 * The visitor's receive-only WebSocket (`/ws?token=`): operator messages arrive as `widget-message` frames.
 * Reconnects with exponential backoff (1 s doubling to 30 s) until closed.
 */
export function openVisitorSocket(options: VisitorSocketOptions): { close: () => void } {
  let socket: WebSocket | undefined;
  let attempts = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const url = new URL(options.wsUrl);
    url.searchParams.set('token', options.token);
    socket = new WebSocket(url.toString());
    socket.addEventListener('open', () => {
      attempts = 0;
      options.onStateChange(true);
      options.onOpen();
    });
    socket.addEventListener('message', (event) => {
      try {
        const frame = JSON.parse(String(event.data)) as { event?: string; data?: Record<string, unknown> };
        if (frame.event !== 'widget-message' || !frame.data) return;
        if (options.companyId && frame.data.company !== options.companyId) return;
        const message = frame.data.message as WidgetMessage | undefined;
        if (message && typeof message.id === 'string' && typeof message.text === 'string')
          options.onMessage(message);
      } catch {
        // Not a frame of ours.
      }
    });
    socket.addEventListener('close', () => {
      options.onStateChange(false);
      if (closed) return;
      const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempts);
      attempts += 1;
      timer = setTimeout(connect, delay);
    });
  };

  connect();
  return {
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
