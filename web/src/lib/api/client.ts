import type * as AmplifyRest from 'aws-amplify/api';
import type { post } from 'aws-amplify/api';
import { decodeJwt } from 'jose';
import type { KeyValueStore } from '../storage/local-store.ts';
import { browserStore } from '../storage/local-store.ts';
import {
  ApiRequestError,
  GENERIC_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  parseBody,
  serverMessage,
} from './api-error.ts';
import { readAccessToken, saveTokens } from './tokens.ts';

export const API_NAME = 'atende';
/**
 * A call whose access token expires within this many seconds renews it first: sent stale, it would come back
 * 401 and be retried, which at each expiry made a burst of failed calls (rollouts, features, WhatsApp session).
 */
export const REFRESH_AHEAD_SECONDS = 60;
export const REFRESH_PATH = '/auth/token/refresh';

/** The JSON body amplify's REST calls accept. */
export type ApiBody = Exclude<
  NonNullable<NonNullable<Parameters<typeof post>[0]['options']>['body']>,
  FormData
>;

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: ApiMethod;
  /** Below the API base URL, e.g. `/auth/token`. */
  path: string;
  body?: ApiBody;
  query?: Record<string, string>;
  /** Public calls (sign-in, sign-up, refresh) carry no bearer token and are never retried after a refresh. */
  auth?: boolean;
  timeoutMs?: number;
}

export interface ApiClientHooks {
  /** Runs the logout sequence of spec point 4 when the session cannot be renewed. */
  onSessionLost: () => void;
  /** Spec point 8: a 401 from the refresh call logs out unless the user is already on a login route. */
  isOnLoginRoute: () => boolean;
  store: KeyValueStore;
}

const defaultHooks = (): ApiClientHooks => ({
  onSessionLost: () => undefined,
  isOnLoginRoute: () => /\/login\/?$/.test(globalThis.location?.pathname ?? ''),
  store: browserStore(),
});

let hooks: ApiClientHooks = defaultHooks();
let refreshing: Promise<boolean> | undefined;
let endpoint = '';

type AmplifyApi = typeof AmplifyRest;
let amplifyApi: Promise<AmplifyApi> | undefined;

/**
 * Amplify loads with the first call, not with the page: the login form renders before any request is made,
 * and its initial JavaScript stays small (issue 11).
 */
function api(): Promise<AmplifyApi> {
  amplifyApi ??= Promise.all([import('aws-amplify'), import('aws-amplify/api')]).then(
    ([{ Amplify }, rest]) => {
      Amplify.configure(
        { API: { REST: { [API_NAME]: { endpoint } } } },
        { API: { REST: { defaultAuthMode: 'none', retryStrategy: { strategy: 'no-retry' } } } },
      );
      return rest;
    },
  );
  return amplifyApi;
}

/** The API base URL the app was configured with (the public API reference calls it with a key). */
export const apiBaseUrl = (): string => endpoint;

export function configureApi(apiUrl: string, clientHooks: Partial<ApiClientHooks> = {}): void {
  endpoint = apiUrl;
  amplifyApi = undefined;
  hooks = { ...defaultHooks(), ...clientHooks };
  refreshing = undefined;
}

async function send(request: ApiRequest, token: string | null): Promise<unknown> {
  const rest = await api();
  const OPERATIONS = { GET: rest.get, POST: rest.post, PUT: rest.put, PATCH: rest.patch, DELETE: rest.del };
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const options = {
    headers,
    ...(request.query ? { queryParams: request.query } : {}),
    ...(request.body !== undefined && request.method !== 'GET' ? { body: request.body } : {}),
  };
  const operation = OPERATIONS[request.method]({ apiName: API_NAME, path: request.path, options });
  const timer = request.timeoutMs
    ? setTimeout(() => operation.cancel(TIMEOUT_MESSAGE), request.timeoutMs)
    : undefined;
  try {
    const response = await operation.response;
    if (response.statusCode === 204) return undefined;
    return parseBody(await response.body.text());
  } catch (error) {
    throw toRequestError(rest, error);
  } finally {
    clearTimeout(timer);
  }
}

function toRequestError(rest: AmplifyApi, error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (rest.isCancelError(error)) return new ApiRequestError(0, TIMEOUT_MESSAGE);
  if (error instanceof rest.ApiError && error.response) {
    const body = parseBody(error.response.body);
    return new ApiRequestError(error.response.statusCode, serverMessage(body) ?? GENERIC_ERROR_MESSAGE, body);
  }
  return new ApiRequestError(0, GENERIC_ERROR_MESSAGE);
}

/** One refresh for every call that got a 401 at the same time. Resolves true when a new access token was saved. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const rest = await api();
    try {
      // The refresh token itself rides in the HttpOnly cookie the server set at sign-in.
      const answer = await rest.post({
        apiName: API_NAME,
        path: REFRESH_PATH,
        options: { body: { grant_type: 'refresh_token' } },
      }).response;
      const body = parseBody(await answer.body.text());
      const accessToken = readString(body, 'accessToken');
      if (answer.statusCode !== 201 || !accessToken)
        throw new ApiRequestError(answer.statusCode, GENERIC_ERROR_MESSAGE);
      saveTokens({ accessToken }, hooks.store);
      return true;
    } catch (error) {
      const failure = toRequestError(rest, error);
      if (failure.status !== 401 || !hooks.isOnLoginRoute()) hooks.onSessionLost();
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

const readString = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};

/** Whether a token expires within the margin. One the browser cannot read is left for the server to judge. */
export function expiresSoon(token: string, nowMs: number): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 - nowMs <= REFRESH_AHEAD_SECONDS * 1000;
  } catch {
    return false;
  }
}

/**
 * The token a call goes out with: calls made while a refresh is in flight wait for it, and a token about to
 * expire is renewed first (one refresh shared by every caller).
 */
async function currentToken(): Promise<string | null> {
  if (refreshing) await refreshing;
  const token = readAccessToken(hooks.store);
  if (!token || !expiresSoon(token, Date.now())) return token;
  if (!(await refreshSession())) throw new ApiRequestError(401, GENERIC_ERROR_MESSAGE);
  return readAccessToken(hooks.store);
}

/** Calls the API; on a 401 renews the access token once and retries (spec point 8). */
export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const authenticated = request.auth ?? true;
  const token = authenticated ? await currentToken() : null;
  try {
    return (await send(request, token)) as T;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 401 || !authenticated) throw error;
    // Another call may have renewed the token meanwhile: retry with that one instead of refreshing again.
    if (readAccessToken(hooks.store) === token && !(await refreshSession())) throw error;
    return (await send(request, readAccessToken(hooks.store))) as T;
  }
}

/** Revokes the given access token; failures are irrelevant because the session is being dropped anyway. */
export async function revokeToken(accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  try {
    await send({ method: 'DELETE', path: '/auth/token/revoke' }, accessToken);
  } catch {
    // The local session is already gone; an expired or unknown token cannot be revoked twice.
  }
}
