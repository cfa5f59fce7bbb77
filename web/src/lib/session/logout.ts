import { revokeToken } from '../api/client.ts';
import { readAccessToken } from '../api/tokens.ts';
import { activeSocket, setActiveSocket } from '../socket/active-socket.ts';
import type { SocketClient } from '../socket/socket-client.ts';
import type { KeyValueStore } from '../storage/local-store.ts';
import { browserStore } from '../storage/local-store.ts';
import { loginPath } from '../../config/runtime-config.ts';

export interface LogoutDeps {
  socket: SocketClient | undefined;
  store: KeyValueStore;
  revoke: (accessToken: string | null) => Promise<void>;
  /** Leaves the SPA for the login page with a full reload, so no state of the old session survives. */
  reloadTo: (path: string) => void;
  loginPath: string;
}

let running: Promise<void> | undefined;

/**
 * Spec point 4, logout on failed authentication: leave rooms, disconnect the socket, clear local storage, revoke the
 * token, reload on the login page. The token is read before storage is cleared so it can still be revoked.
 */
export function runLogout(deps: LogoutDeps): Promise<void> {
  running ??= (async () => {
    const token = readAccessToken(deps.store);
    deps.socket?.leaveRooms();
    deps.socket?.disconnect();
    deps.store.clear();
    await deps.revoke(token);
    deps.reloadTo(deps.loginPath);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Query flag telling the login page why the session ended. */
export const BLOCKED_REASON_PARAM = 'bloqueada';

export function logout(options: { blocked?: boolean } = {}): Promise<void> {
  const socket = activeSocket();
  setActiveSocket(undefined);
  return runLogout({
    socket,
    store: browserStore(),
    revoke: revokeToken,
    reloadTo: (path) => window.location.replace(path),
    loginPath: options.blocked ? `${loginPath()}?${BLOCKED_REASON_PARAM}=1` : loginPath(),
  });
}
