import { describe, expect, it, vi } from 'vitest';
import type { SocketClient } from '../socket/socket-client.ts';
import { MemoryStore, STORAGE_KEYS } from '../storage/local-store.ts';
import { runLogout } from './logout.ts';

describe('logout sequence', () => {
  it('leaves rooms, disconnects, clears storage, revokes the old token and reloads on the login page, in order', async () => {
    const steps: string[] = [];
    const store = new MemoryStore();
    store.setItem(STORAGE_KEYS.accessToken, 'access-1');
    store.setItem(STORAGE_KEYS.rollouts, 'x');
    const socket: SocketClient = {
      connect: vi.fn(),
      on: vi.fn(() => () => true),
      leaveRooms: () => steps.push('leaveRooms'),
      disconnect: () => steps.push('disconnect'),
    };
    await runLogout({
      socket,
      store,
      revoke: async (token) => {
        steps.push(`revoke:${token}:${store.getItem(STORAGE_KEYS.rollouts) ?? 'cleared'}`);
      },
      reloadTo: (path) => steps.push(`reload:${path}`),
      loginPath: '/atende/login',
    });
    expect(steps).toEqual(['leaveRooms', 'disconnect', 'revoke:access-1:cleared', 'reload:/atende/login']);
  });

  it('runs once when several failures ask for it together', async () => {
    const reloadTo = vi.fn();
    const deps = {
      socket: undefined,
      store: new MemoryStore(),
      revoke: () => Promise.resolve(),
      reloadTo,
      loginPath: '/atende/login',
    };
    await Promise.all([runLogout(deps), runLogout(deps), runLogout(deps)]);
    expect(reloadTo).toHaveBeenCalledTimes(1);
  });
});
