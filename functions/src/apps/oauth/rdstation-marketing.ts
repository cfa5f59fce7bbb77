import { ENV } from '@atende/shared/infra/env';
import * as z from 'zod';
import { providerBaseUrl } from '../../channels/providers.ts';
import { config } from '../../lib/config.ts';
import { safeFetch, type SafeResponse } from '../../lib/safe-fetch.ts';
import { type CrmClient, type CrmPerson, CrmRejected, CrmRetryable } from '../crm/client.ts';

/**
 * RD Station Marketing API (developers.rdstation.com): OAuth 2 at `/auth/dialog` and `/auth/token` (JSON
 * `{client_id, client_secret, code | refresh_token}` → `{access_token, expires_in, refresh_token}`), then
 * `Authorization: Bearer` on `/platform/*`. Errors are `{errors: {error_type, error_message}}` (or a list of
 * them); an expired access token is a 401 whose `www-authenticate` says `error="expired_token"`; 429 when over
 * the account's limit. PROVIDER_BASE_URLS.rdstationmarketing points it at the sandbox locally.
 */
const DEFAULT_BASE = 'https://api.rd.services';
/** The conversion a closed conversation records on the contact in RD Station. */
export const CLOSED_CONVERSION = 'atendimento-encerrado';

const clientConfig = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });
export type RdClientConfig = z.infer<typeof clientConfig>;

/** The product's app credentials in the RD Station App Store; undefined where none is configured. */
export function rdClientConfig(): RdClientConfig | undefined {
  const raw = process.env[ENV.rdMarketingClient];
  if (!raw) return undefined;
  const parsed = clientConfig.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${ENV.rdMarketingClient} must be JSON {client_id, client_secret}`);
  return parsed.data;
}

export const rdBaseUrl = () => (providerBaseUrl('rdstationmarketing') ?? DEFAULT_BASE).replace(/\/+$/, '');

const allowLocal = () => ['local', 'test'].includes(config().stage);

export function rdAuthorizeUrl(client: RdClientConfig, redirectUri: string, state: string): string {
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: redirectUri, state });
  return `${rdBaseUrl()}/auth/dialog?${query.toString()}`;
}

export const rdTokens = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});
export type RdTokens = z.infer<typeof rdTokens>;

const errorBody = z.object({
  errors: z.union([
    z.object({ error_type: z.string(), error_message: z.string().optional() }),
    z.array(z.object({ error_type: z.string(), error_message: z.string().optional() })),
  ]),
});

function errorType(response: SafeResponse): string {
  try {
    const parsed = errorBody.safeParse(JSON.parse(response.body));
    if (!parsed.success) return '';
    const errors = parsed.data.errors;
    return (Array.isArray(errors) ? errors[0]?.error_type : errors.error_type) ?? '';
  } catch {
    return '';
  }
}

/** 429 and 5xx come back later (SQS redelivers); other refusals are final. */
export function rdFailure(response: SafeResponse): Error {
  const message = `rd station marketing answered ${response.status} ${errorType(response)}`.trim();
  if (response.status === 429) {
    const wait = Number(response.headers['retry-after'] ?? response.headers['ratelimit-reset']);
    return new CrmRetryable(message, Number.isFinite(wait) ? wait : undefined);
  }
  if (response.status >= 500) return new CrmRetryable(message);
  return new CrmRejected(message, response.status);
}

async function send(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  try {
    return await safeFetch(
      {
        method,
        url,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { allowLocal: allowLocal(), timeoutMs: 10_000 },
    );
  } catch (error) {
    throw new CrmRetryable(
      `rd station marketing unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** `/auth/token` with the authorization code or the refresh token. */
export async function rdRequestTokens(
  client: RdClientConfig,
  grant: { code: string } | { refresh_token: string },
): Promise<RdTokens> {
  const response = await send('POST', `${rdBaseUrl()}/auth/token`, {}, { ...client, ...grant });
  if (response.status !== 200) throw rdFailure(response);
  return rdTokens.parse(JSON.parse(response.body));
}

const contactBody = (person: CrmPerson, withEmail: boolean) => ({
  name: person.name,
  ...(withEmail && person.email ? { email: person.email } : {}),
  ...(person.phone ? { mobile_phone: person.phone } : {}),
});

const uuidOf = (response: SafeResponse) =>
  z.object({ uuid: z.string() }).parse(JSON.parse(response.body)).uuid;

export interface HeldTokens {
  access: string;
  refresh: string;
  expiresAt: number;
  rev: number;
}

export interface TokenSession {
  /** The access token, renewed first when it expires within the margin. */
  current(): Promise<HeldTokens>;
  /** A token newer than `seen` (refused by RD Station): another worker's, or a refresh of our own. */
  renew(seen: HeldTokens): Promise<HeldTokens>;
}

/** RD Station keys its contacts by e-mail: a contact without one has no place there. */
const emailOf = (person: CrmPerson): string => {
  if (!person.email) throw new CrmRejected('rd station marketing contacts need an e-mail', 422);
  return person.email;
};

/**
 * The CRM sync's view of RD Station Marketing: a person is a contact (upserted by e-mail, its uuid linked), a
 * closed conversation is a conversion. Each call renews the access token first when it is about to expire,
 * and once more when RD Station answers 401 anyway.
 */
export function rdMarketingClient(session: TokenSession): CrmClient {
  const base = rdBaseUrl();
  const call = async (method: string, path: string, body: unknown): Promise<SafeResponse> => {
    let tokens = await session.current();
    const response = await send(method, `${base}${path}`, { authorization: `Bearer ${tokens.access}` }, body);
    if (response.status !== 401) return response;
    tokens = await session.renew(tokens);
    return send(method, `${base}${path}`, { authorization: `Bearer ${tokens.access}` }, body);
  };
  return {
    async createPerson(person) {
      const email = encodeURIComponent(emailOf(person));
      const response = await call('PATCH', `/platform/contacts/email:${email}`, contactBody(person, false));
      if (response.status !== 200 && response.status !== 201) throw rdFailure(response);
      return uuidOf(response);
    },
    async updatePerson(remoteId, person) {
      const path = `/platform/contacts/uuid:${encodeURIComponent(remoteId)}`;
      const response = await call('PATCH', path, contactBody(person, true));
      if (response.status === 404) return false;
      if (response.status !== 200) throw rdFailure(response);
      return true;
    },
    async addNote(_remoteId, _html, person) {
      const response = await call('POST', '/platform/events?event_type=CONVERSION', {
        event_type: 'CONVERSION',
        event_family: 'CDP',
        payload: {
          conversion_identifier: CLOSED_CONVERSION,
          email: emailOf(person),
          name: person.name,
          ...(person.phone ? { mobile_phone: person.phone } : {}),
        },
      });
      if (response.status !== 200 && response.status !== 201) throw rdFailure(response);
    },
  };
}

/** Disconnect: `POST /auth/revoke` (form `token`, `token_type_hint`) so the access stops at RD Station too. */
export async function rdRevoke(accessToken: string): Promise<void> {
  const response = await safeFetch(
    {
      method: 'POST',
      url: `${rdBaseUrl()}/auth/revoke`,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token' }).toString(),
    },
    { allowLocal: allowLocal(), timeoutMs: 5_000 },
  );
  if (response.status !== 200) throw rdFailure(response);
}
