import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the RD Station Marketing API (developers.rdstation.com) under `/rdstationmarketing`:
 * - OAuth 2: `GET /auth/dialog?client_id&redirect_uri&state` (a consent page whose "Permitir" redirects back with
 *   `code` and `state`), `POST /auth/token` (JSON `{client_id, client_secret, code | refresh_token}` →
 *   `{access_token, expires_in, refresh_token}`), `POST /auth/revoke`;
 * - `GET|PATCH /platform/contacts/{email:<e-mail> | uuid:<uuid>}` (PATCH by e-mail is an upsert) and
 *   `POST /platform/events` (conversions), with `Authorization: Bearer`.
 * Errors are `{errors: {error_type, error_message}}`; an expired access token is a 401 with
 * `www-authenticate: Bearer ... error="expired_token"`; on demand 429 (`RateLimit-*`, `Retry-After`) or 503.
 */

/** The product's app as registered in the fake App Store (the local runtime configures these). */
export const SANDBOX_RD_CLIENT = { client_id: 'atende-sandbox-app', client_secret: 'atende-sandbox-secret' };
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_SECONDS = 86_400;
const RATE_LIMIT = 24;
const DEFAULT_ACCOUNT = 'sandbox';

export interface RdContact {
  uuid: string;
  email: string;
  name: string | null;
  mobile_phone: string | null;
  personal_phone: string | null;
  tags: string[];
  legal_bases: unknown[];
  links: { rel: string; href: string; media: string; type: string }[];
}

export interface RdConversion {
  event_uuid: string;
  conversion_identifier: string;
  email: string;
  payload: Record<string, unknown>;
}

interface Account {
  contacts: Map<string, RdContact>;
  conversions: RdConversion[];
}

interface Grant {
  account: string;
  expiresAt: number;
  used: boolean;
}

const errors = (status: number, type: string, message: string, headers?: Record<string, string>) => ({
  status,
  body: { errors: { error_type: type, error_message: message } },
  headers,
});

const expiredToken = (): FakeResponse =>
  errors(401, 'UNAUTHORIZED', 'Invalid token.', {
    'www-authenticate':
      'Bearer realm="https://api.rd.services/", error="expired_token", error_description="The access token expired"',
  });

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit') {
    return errors(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please retry later.', {
      'ratelimit-limit': String(RATE_LIMIT),
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfter),
      'retry-after': String(retryAfter),
    });
  }
  if (failure === 'auth') return expiredToken();
  if (failure === 'recipient') return errors(400, 'INVALID_FORMAT', 'The e-mail has an invalid format.');
  return errors(503, 'SERVICE_UNAVAILABLE', 'Service unavailable.');
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class FakeRdStationMarketing {
  private readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, string>();

  account(name = DEFAULT_ACCOUNT): Account {
    let account = this.accounts.get(name);
    if (!account) {
      account = { contacts: new Map(), conversions: [] };
      this.accounts.set(name, account);
    }
    return account;
  }

  contacts(account = DEFAULT_ACCOUNT): RdContact[] {
    return [...this.account(account).contacts.values()];
  }

  conversions(account = DEFAULT_ACCOUNT): RdConversion[] {
    return [...this.account(account).conversions];
  }

  /** The user consents in the dialog: a code for the account, valid once for ten minutes. */
  issueCode(account = DEFAULT_ACCOUNT, now = Date.now()): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { account, expiresAt: now + CODE_TTL_MS, used: false });
    return code;
  }

  /** Every access token handed out so far expires now (RD Station's 24 h passing in a test). */
  expireAccessTokens(): void {
    for (const grant of this.accessTokens.values()) grant.expiresAt = 0;
  }

  /**
   * The account's owner removed the app in RD Station (or its refresh tokens lapsed): every refresh token
   * handed out is refused from now on with 401 INVALID_REFRESH_TOKEN, as RD Station answers then.
   */
  revokeRefreshTokens(): void {
    this.refreshTokens.clear();
  }

  tokens(account: string): { access_token: string; refresh_token: string; expires_in: number } {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    this.accessTokens.set(access, { account, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000, used: false });
    this.refreshTokens.set(refresh, account);
    return { access_token: access, refresh_token: refresh, expires_in: TOKEN_TTL_SECONDS };
  }

  exchange(fields: Record<string, unknown>): FakeResponse {
    if (
      fields.client_id !== SANDBOX_RD_CLIENT.client_id ||
      fields.client_secret !== SANDBOX_RD_CLIENT.client_secret
    ) {
      return errors(401, 'ACCESS_DENIED', 'Wrong credentials provided.');
    }
    const code = text(fields.code);
    if (code) {
      const grant = this.codes.get(code);
      if (!grant || grant.used) return errors(401, 'ACCESS_DENIED', 'Wrong credentials provided.');
      grant.used = true;
      if (grant.expiresAt < Date.now()) {
        return errors(401, 'EXPIRED_CODE_GRANT', 'The authorization code grant has expired.');
      }
      return { status: 200, body: this.tokens(grant.account) };
    }
    const refresh = text(fields.refresh_token);
    const account = refresh ? this.refreshTokens.get(refresh) : undefined;
    if (!refresh || account === undefined) {
      return errors(401, 'INVALID_REFRESH_TOKEN', 'The provided refresh token is invalid or was revoked.');
    }
    // RD Station rolls the refresh token: the old one stops working once a new pair is issued.
    this.refreshTokens.delete(refresh);
    return { status: 200, body: this.tokens(account) };
  }

  /** `POST /auth/revoke` (form `token`): the access token stops working at once. */
  revoke(fields: Record<string, unknown>): FakeResponse {
    const token = text(fields.token);
    if (!token || !this.accessTokens.delete(token)) {
      return errors(400, 'INVALID_TOKEN', 'The token is invalid or was already revoked.');
    }
    return { status: 200, body: {} };
  }

  /** The account an `Authorization: Bearer` header opens, or the 401 RD Station answers. */
  authorize(header: string | undefined): { account: string } | { refusal: FakeResponse } {
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant) return { refusal: errors(401, 'UNAUTHORIZED', 'Invalid token.') };
    if (grant.expiresAt <= Date.now()) return { refusal: expiredToken() };
    return { account: grant.account };
  }

  reset(): void {
    this.accounts.clear();
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }
}

function consentPage(query: Readonly<Record<string, string>>, baseUrl: string): FakeResponse {
  if (query.client_id !== SANDBOX_RD_CLIENT.client_id || !query.redirect_uri) {
    return { status: 400, body: '<h1>Aplicativo inválido</h1>', contentType: 'text/html; charset=utf-8' };
  }
  const allow = `${baseUrl}/rdstationmarketing/auth/dialog/allow?${new URLSearchParams(query).toString()}`;
  const deny = new URL(query.redirect_uri);
  deny.searchParams.set('error', 'access_denied');
  if (query.state) deny.searchParams.set('state', query.state);
  const body = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>RD Station</title></head>
<body><h1>Autorizar aplicativo</h1><p>O aplicativo quer acessar sua conta do RD Station Marketing.</p>
<a id="allow" href="${escapeHtml(allow)}">Permitir</a> <a id="deny" href="${escapeHtml(deny.toString())}">Negar</a></body></html>`;
  return { status: 200, body, contentType: 'text/html; charset=utf-8' };
}

function allowed(fake: FakeRdStationMarketing, query: Readonly<Record<string, string>>): FakeResponse {
  if (query.client_id !== SANDBOX_RD_CLIENT.client_id || !query.redirect_uri) {
    return { status: 400, body: '<h1>Aplicativo inválido</h1>', contentType: 'text/html; charset=utf-8' };
  }
  const target = new URL(query.redirect_uri);
  target.searchParams.set('code', fake.issueCode(query.account ?? DEFAULT_ACCOUNT));
  if (query.state) target.searchParams.set('state', query.state);
  return { status: 302, body: '', headers: { location: target.toString() } };
}

function contactView(contact: RdContact): RdContact {
  return { ...contact };
}

function saveContact(
  account: Account,
  fields: Record<string, unknown>,
  existing: RdContact | undefined,
  email: string,
  baseUrl: string,
): RdContact {
  const uuid = existing?.uuid ?? randomUUID();
  const contact: RdContact = {
    uuid,
    email: (text(fields.email) ?? email).toLowerCase(),
    name: text(fields.name) ?? existing?.name ?? null,
    mobile_phone: text(fields.mobile_phone) ?? existing?.mobile_phone ?? null,
    personal_phone: text(fields.personal_phone) ?? existing?.personal_phone ?? null,
    tags: existing?.tags ?? [],
    legal_bases: existing?.legal_bases ?? [],
    links: [
      {
        rel: 'SELF',
        href: `${baseUrl}/rdstationmarketing/platform/contacts/${uuid}`,
        media: 'application/json',
        type: 'GET',
      },
    ],
  };
  if (existing && existing.email !== contact.email) account.contacts.delete(existing.email);
  account.contacts.set(contact.email, contact);
  return contact;
}

function handleContacts(
  account: Account,
  request: FakeRequest,
  identifier: string,
  baseUrl: string,
): FakeResult {
  const [kind, ...rest] = identifier.split(':');
  const value = decodeURIComponent(rest.join(':')).trim().toLowerCase();
  const existing =
    kind === 'email'
      ? account.contacts.get(value)
      : kind === 'uuid'
        ? [...account.contacts.values()].find((contact) => contact.uuid === value)
        : undefined;
  if (request.method === 'GET') {
    if (!existing)
      return { response: errors(404, 'RESOURCE_NOT_FOUND', 'Contact not found.'), recorded: false };
    return { response: { status: 200, body: contactView(existing) }, recorded: false };
  }
  if (request.method !== 'PATCH') {
    return { response: errors(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.'), recorded: false };
  }
  const fields = fieldsOf(request.body);
  if (kind === 'uuid' && !existing) {
    return { response: errors(404, 'RESOURCE_NOT_FOUND', 'Contact not found.'), recorded: true };
  }
  if (kind !== 'uuid' && kind !== 'email') {
    return { response: errors(400, 'INVALID_IDENTIFIER', 'Unknown identifier.'), recorded: true };
  }
  const email = kind === 'email' ? value : (existing?.email ?? '');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text(fields.email) ?? email)) {
    return { response: errors(400, 'INVALID_FORMAT', 'The e-mail has an invalid format.'), recorded: true };
  }
  const contact = saveContact(account, fields, existing, email, baseUrl);
  return { response: { status: 200, body: contactView(contact) }, recorded: true };
}

function handleEvent(account: Account, request: FakeRequest): FakeResult {
  const fields = fieldsOf(request.body);
  const payload = fieldsOf(fields.payload);
  if (fields.event_type !== 'CONVERSION') {
    return { response: errors(400, 'INVALID_EVENT_TYPE', 'Invalid event type.'), recorded: true };
  }
  const email = text(payload.email)?.toLowerCase();
  const identifier = text(payload.conversion_identifier);
  if (!email || !identifier) {
    return {
      response: {
        status: 400,
        body: {
          errors: [
            {
              error_type: 'CANNOT_BE_NULL',
              error_message: 'Cannot be null.',
              path: email ? 'body.payload.conversion_identifier' : 'body.payload.email',
            },
          ],
        },
      },
      recorded: true,
    };
  }
  const event = { event_uuid: randomUUID(), conversion_identifier: identifier, email, payload };
  account.conversions.push(event);
  // A conversion creates the contact when its e-mail is new, as RD Station does.
  if (!account.contacts.has(email)) {
    account.contacts.set(email, {
      uuid: randomUUID(),
      email,
      name: text(payload.name) ?? null,
      mobile_phone: text(payload.mobile_phone) ?? null,
      personal_phone: null,
      tags: [],
      legal_bases: [],
      links: [],
    });
  }
  return { response: { status: 200, body: { event_uuid: event.event_uuid } }, recorded: true };
}

export function handleRdStationMarketing(
  fake: FakeRdStationMarketing,
  request: FakeRequest,
  context: FakeContext,
): FakeResult {
  const parts = request.path.split('/').filter(Boolean);
  if (parts[0] === 'auth') {
    if (request.method === 'GET' && parts[1] === 'dialog' && parts[2] === undefined) {
      return { response: consentPage(request.query, context.baseUrl), recorded: false };
    }
    if (request.method === 'GET' && parts[1] === 'dialog' && parts[2] === 'allow') {
      return { response: allowed(fake, request.query), recorded: false };
    }
    if (request.method === 'POST' && parts[1] === 'token') {
      return { response: fake.exchange(fieldsOf(request.body)), recorded: true };
    }
    if (request.method === 'POST' && parts[1] === 'revoke')
      return { response: { status: 200, body: {} }, recorded: true };
  }
  if (parts[0] !== 'platform') {
    return { response: errors(404, 'RESOURCE_NOT_FOUND', 'Not found.'), recorded: false };
  }
  const write = request.method !== 'GET';
  const queued = write ? context.takeFailure('rdstationmarketing') : undefined;
  if (queued) return { response: failureResponse(queued.failure, queued.retryAfter), recorded: true };
  const authorized = fake.authorize(request.headers.authorization);
  if ('refusal' in authorized) return { response: authorized.refusal, recorded: write };
  const account = fake.account(authorized.account);
  if (parts[1] === 'contacts' && parts[2]) return handleContacts(account, request, parts[2], context.baseUrl);
  if (parts[1] === 'events' && request.method === 'POST') return handleEvent(account, request);
  return { response: errors(404, 'RESOURCE_NOT_FOUND', 'Not found.'), recorded: false };
}
