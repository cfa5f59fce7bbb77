import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore, STORAGE_KEYS } from '../storage/local-store.ts';
import { ApiRequestError } from './api-error.ts';
import { apiRequest, configureApi, REFRESH_AHEAD_SECONDS } from './client.ts';

const API = 'http://api.test/api';

interface Recorded {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown };

/** An access token as the server issues it, read by the client only for its expiry. */
const jwt = (expiresInSeconds: number) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'employee', exp })}.signature`;
};

/** Answers fetch calls from a queue per path and records what the client sent. */
function fakeServer(replies: Record<string, Reply[]>) {
  const calls: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const path = url.pathname.replace('/api', '');
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path,
      authorization: headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    const reply = replies[path]?.shift() ?? { status: 404, body: { message: 'not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('API client', () => {
  let store: MemoryStore;
  let onSessionLost: ReturnType<typeof vi.fn<() => void>>;
  let onLoginRoute: boolean;

  beforeEach(() => {
    store = new MemoryStore();
    store.setItem(STORAGE_KEYS.accessToken, 'old-access');
    store.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    onSessionLost = vi.fn<() => void>();
    onLoginRoute = false;
    configureApi(API, { store, onSessionLost, isOnLoginRoute: () => onLoginRoute });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored bearer token', async () => {
    const calls = fakeServer({ '/permissions': [{ status: 200, body: { permissions: [] } }] });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).resolves.toEqual({ permissions: [] });
    expect(calls[0]?.authorization).toBe('Bearer old-access');
  });

  it('on a 401 refreshes once, saves the new access token and retries with it', async () => {
    const calls = fakeServer({
      '/permissions': [
        { status: 401, body: { message: 'Não autorizado' } },
        { status: 200, body: { ok: true } },
      ],
      '/auth/token/refresh': [{ status: 201, body: { accessToken: 'new-access' } }],
    });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.path)).toEqual(['/permissions', '/auth/token/refresh', '/permissions']);
    // The refresh token rides in the HttpOnly cookie, never in script-readable storage or the body.
    expect(calls[1]?.body).toEqual({ grant_type: 'refresh_token' });
    expect(calls[1]?.authorization).toBeNull();
    expect(calls[2]?.authorization).toBe('Bearer new-access');
    expect(store.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(store.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    const calls = fakeServer({
      '/a': [{ status: 401 }, { status: 200, body: 'a' }],
      '/b': [{ status: 401 }, { status: 200, body: 'b' }],
      '/auth/token/refresh': [{ status: 201, body: { accessToken: 'new-access' } }],
    });
    const answers = await Promise.all([
      apiRequest({ method: 'GET', path: '/a' }),
      apiRequest({ method: 'GET', path: '/b' }),
    ]);
    expect(answers).toEqual(['a', 'b']);
    expect(calls.filter((call) => call.path === '/auth/token/refresh')).toHaveLength(1);
  });

  it('does not loop: a second 401 after the retry surfaces as an error', async () => {
    fakeServer({
      '/permissions': [{ status: 401 }, { status: 401, body: { message: 'Sessão inválida' } }],
      '/auth/token/refresh': [{ status: 201, body: { accessToken: 'new-access' } }],
    });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).rejects.toMatchObject({
      status: 401,
      message: 'Sessão inválida',
    });
  });

  it('logs out when the refresh call itself answers 401', async () => {
    fakeServer({ '/permissions': [{ status: 401 }], '/auth/token/refresh': [{ status: 401 }] });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('does not log out for a refresh 401 while on a login route', async () => {
    onLoginRoute = true;
    fakeServer({ '/permissions': [{ status: 401 }], '/auth/token/refresh': [{ status: 401 }] });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('logs out when the refresh fails with anything else, even on a login route', async () => {
    onLoginRoute = true;
    fakeServer({ '/permissions': [{ status: 401 }], '/auth/token/refresh': [{ status: 500 }] });
    await expect(apiRequest({ method: 'GET', path: '/permissions' })).rejects.toMatchObject({ status: 401 });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('a public call answering 401 surfaces the server message without refreshing', async () => {
    const calls = fakeServer({
      '/auth/token': [{ status: 401, body: { message: 'E-mail ou senha inválidos.' } }],
    });
    await expect(
      apiRequest({
        method: 'POST',
        path: '/auth/token',
        auth: false,
        body: { email: 'a@b.c', password: 'x' },
      }),
    ).rejects.toMatchObject({ status: 401, message: 'E-mail ou senha inválidos.' });
    expect(calls).toHaveLength(1);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('reads 204 answers as undefined', async () => {
    fakeServer({ '/auth/token/revoke': [{ status: 204 }] });
    await expect(apiRequest({ method: 'DELETE', path: '/auth/token/revoke' })).resolves.toBeUndefined();
  });

  describe('renewing before expiry (no 401 bursts)', () => {
    it('renews a token about to expire before the call, so the call never comes back 401', async () => {
      store.setItem(STORAGE_KEYS.accessToken, jwt(REFRESH_AHEAD_SECONDS - 5));
      const fresh = jwt(900);
      const calls = fakeServer({
        '/rollouts': [{ status: 200, body: 'rollouts' }],
        '/auth/token/refresh': [{ status: 201, body: { accessToken: fresh } }],
      });
      await expect(apiRequest({ method: 'GET', path: '/rollouts' })).resolves.toBe('rollouts');
      expect(calls.map((call) => [call.path, call.authorization])).toEqual([
        ['/auth/token/refresh', null],
        ['/rollouts', `Bearer ${fresh}`],
      ]);
    });

    it('queues the calls made during a refresh behind that one refresh', async () => {
      store.setItem(STORAGE_KEYS.accessToken, jwt(10));
      const fresh = jwt(900);
      const calls = fakeServer({
        '/rollouts': [{ status: 200, body: 'r' }],
        '/features': [{ status: 200, body: 'f' }],
        '/whatsapp/session': [{ status: 200, body: 'w' }],
        '/auth/token/refresh': [{ status: 201, body: { accessToken: fresh } }],
      });
      await expect(
        Promise.all(
          ['/rollouts', '/features', '/whatsapp/session'].map((path) => apiRequest({ method: 'GET', path })),
        ),
      ).resolves.toEqual(['r', 'f', 'w']);
      expect(calls.filter((call) => call.path === '/auth/token/refresh')).toHaveLength(1);
      expect(
        calls.every(
          (call) => call.path === '/auth/token/refresh' || call.authorization === `Bearer ${fresh}`,
        ),
      ).toBe(true);
    });

    it('leaves a token with time to spare alone', async () => {
      const token = jwt(600);
      store.setItem(STORAGE_KEYS.accessToken, token);
      const calls = fakeServer({ '/features': [{ status: 200, body: 'f' }] });
      await apiRequest({ method: 'GET', path: '/features' });
      expect(calls.map((call) => [call.path, call.authorization])).toEqual([
        ['/features', `Bearer ${token}`],
      ]);
    });

    it('fails the call without sending it when the early renewal is refused, and logs out once', async () => {
      store.setItem(STORAGE_KEYS.accessToken, jwt(5));
      const calls = fakeServer({ '/auth/token/refresh': [{ status: 401 }] });
      await expect(apiRequest({ method: 'GET', path: '/features' })).rejects.toMatchObject({ status: 401 });
      expect(calls.map((call) => call.path)).toEqual(['/auth/token/refresh']);
      expect(onSessionLost).toHaveBeenCalledTimes(1);
    });
  });
});
