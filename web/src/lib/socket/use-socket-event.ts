import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { useEffect, useRef } from 'react';
import type { SocketClient } from './socket-client.ts';
import { activeSocket } from './active-socket.ts';

/** The shell opens (and may replace) its socket on its own schedule; the page looks for it this often. */
const SOCKET_LOOKUP_MS = 1000;

/** Runs `handler` for each frame of one server event while the page is mounted. */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: (frame: ServerFrame<E>) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => {
    let bound: SocketClient | undefined;
    let stop: (() => void) | undefined;
    const bind = () => {
      const client = activeSocket();
      if (!client || client === bound) return;
      stop?.();
      bound = client;
      stop = client.on(event, (frame) => latest.current(frame));
    };
    bind();
    const lookup = setInterval(bind, SOCKET_LOOKUP_MS);
    return () => {
      clearInterval(lookup);
      stop?.();
    };
  }, [event]);
}
