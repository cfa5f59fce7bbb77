import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import { useEffect, useRef } from 'react';
import { shellFrames } from './active-socket.ts';

/** Runs `handler` for each frame of one server event while the page is mounted. */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: (frame: ServerFrame<E>) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => shellFrames.on(event, (frame) => latest.current(frame)), [event]);
}
