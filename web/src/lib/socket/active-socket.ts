import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { SocketClient } from './socket-client.ts';

/** The one socket of the signed-in shell, reachable by the logout sequence wherever it starts. */
let active: SocketClient | undefined;

export const setActiveSocket = (client: SocketClient | undefined): void => {
  active = client;
};

export const activeSocket = (): SocketClient | undefined => active;

type Listener = (frame: ServerFrame) => void;

/** Where a socket client delivers the frames it receives; screens listen here, not on one client. */
export interface FrameBus {
  on<E extends ServerEvent>(event: E, listener: (frame: ServerFrame<E>) => void): () => void;
  emit(frame: ServerFrame): void;
}

export function createFrameBus(): FrameBus {
  const listeners = new Map<ServerEvent, Set<Listener>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as Listener;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    emit(frame) {
      listeners.get(frame.event)?.forEach((listener) => listener(frame));
    },
  };
}

/**
 * The shell's frames, whichever socket client carries them. The shell may replace its client (a new session,
 * another company) and a screen subscribed here keeps listening: no frame is lost between the old client's
 * close and a screen finding the new one.
 */
export const shellFrames: FrameBus = createFrameBus();
