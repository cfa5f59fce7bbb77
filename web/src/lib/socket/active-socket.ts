import type { SocketClient } from './socket-client.ts';

/** The one socket of the signed-in shell, reachable by the logout sequence wherever it starts. */
let active: SocketClient | undefined;

export const setActiveSocket = (client: SocketClient | undefined): void => {
  active = client;
};

export const activeSocket = (): SocketClient | undefined => active;
