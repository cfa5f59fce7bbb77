import * as z from 'zod';
import { providerBaseUrl } from '../../channels/providers.ts';
import { safeFetch, type SafeResponse } from '../../lib/safe-fetch.ts';
import {
  crmFailure,
  type CrmClient,
  type CrmPerson,
  CrmRejected,
  crmCaller,
  crmAllowsLocal,
} from './client.ts';

/**
 * Pipedrive API v1 (developers.pipedrive.com): `x-api-token` authenticates; every answer is
 * `{success, data}` or `{success: false, error, error_info}`; 429 carries `x-ratelimit-reset` (seconds).
 * The company's own domain is the API host (`https://{company}.pipedrive.com/api/v1`); PROVIDER_BASE_URLS
 * points it at the sandbox locally.
 */
const answer = z.object({
  success: z.boolean(),
  data: z.object({ id: z.number() }).passthrough().nullable().optional(),
  error: z.string().optional(),
});

const searchAnswer = z.object({
  data: z.object({ items: z.array(z.object({ item: z.object({ id: z.number() }) })) }).nullable(),
});

export function pipedriveBaseUrl(domain: string): string {
  const configured = providerBaseUrl('pipedrive');
  if (configured) return `${configured.replace(/\/+$/, '')}/api/v1`;
  const company = domain.toLowerCase().replace(/\.pipedrive\.com$/, '');
  return `https://${company}.pipedrive.com/api/v1`;
}

function personBody(person: CrmPerson) {
  return {
    name: person.name,
    ...(person.email ? { email: [{ value: person.email, primary: true, label: 'work' }] } : {}),
    ...(person.phone ? { phone: [{ value: person.phone, primary: true, label: 'mobile' }] } : {}),
  };
}

const failure = (response: SafeResponse): Error =>
  crmFailure(
    'pipedrive',
    response,
    (body) => {
      const parsed = answer.safeParse(body);
      return parsed.success ? (parsed.data.error ?? undefined) : undefined;
    },
    (headers) => headers['x-ratelimit-reset'] ?? headers['retry-after'],
  );

export function pipedriveClient(credentials: { token: string; domain: string }): CrmClient {
  const base = pipedriveBaseUrl(credentials.domain);
  const call = crmCaller({
    name: 'pipedrive',
    url: (path) => `${base}${path}`,
    headers: { 'x-api-token': credentials.token },
    waitHeader: 'x-ratelimit-reset',
  });
  const idOf = (response: SafeResponse): string => {
    const parsed = answer.parse(JSON.parse(response.body));
    if (!parsed.data) throw new CrmRejected('pipedrive answered no data', response.status);
    return String(parsed.data.id);
  };
  /** `GET /persons/search` with an exact match on one field; the first hit's id. */
  const search = async (field: 'email' | 'phone', term: string): Promise<string | undefined> => {
    const query = new URLSearchParams({ term, fields: field, exact_match: 'true', limit: '1' });
    const response = await call('GET', `/persons/search?${query.toString()}`, undefined);
    if (response.status !== 200) throw failure(response);
    const parsed = searchAnswer.safeParse(JSON.parse(response.body));
    const hit = parsed.success ? parsed.data.data?.items[0]?.item.id : undefined;
    return hit === undefined ? undefined : String(hit);
  };
  return {
    async findPerson(person) {
      const byEmail = person.email ? await search('email', person.email) : undefined;
      return byEmail ?? (person.phone ? await search('phone', person.phone) : undefined);
    },
    async createPerson(person) {
      const response = await call('POST', '/persons', personBody(person));
      if (response.status !== 201 && response.status !== 200) throw failure(response);
      return idOf(response);
    },
    async updatePerson(remoteId, person) {
      const response = await call('PUT', `/persons/${encodeURIComponent(remoteId)}`, personBody(person));
      if (response.status === 404 || response.status === 410) return false;
      if (response.status !== 200) throw failure(response);
      return true;
    },
    async addNote(remoteId, html) {
      const response = await call('POST', '/notes', { content: html, person_id: Number(remoteId) });
      if (response.status !== 201 && response.status !== 200) throw failure(response);
    },
  };
}

/** Subscribes the installation's webhook to every person event (added, updated, merged, deleted), Basic auth. */
export async function registerPipedriveWebhook(
  credentials: { token: string; domain: string },
  subscription: { url: string; user: string; password: string },
): Promise<void> {
  const response = await safeFetch(
    {
      method: 'POST',
      url: `${pipedriveBaseUrl(credentials.domain)}/webhooks`,
      headers: { 'content-type': 'application/json', 'x-api-token': credentials.token },
      body: JSON.stringify({
        subscription_url: subscription.url,
        event_action: '*',
        event_object: 'person',
        http_auth_user: subscription.user,
        http_auth_password: subscription.password,
        version: '1.0',
      }),
    },
    { allowLocal: crmAllowsLocal(), timeoutMs: 5_000 },
  );
  if (response.status !== 201 && response.status !== 200) throw failure(response);
}

/** Uninstall: removes every subscription of Pipedrive (`GET /webhooks`, `DELETE /webhooks/{id}`) posting to `url`. */
export async function removePipedriveWebhooks(
  credentials: { token: string; domain: string },
  url: string,
): Promise<number> {
  const base = pipedriveBaseUrl(credentials.domain);
  const headers = { 'x-api-token': credentials.token };
  const options = { allowLocal: crmAllowsLocal(), timeoutMs: 5_000 };
  const listed = await safeFetch({ method: 'GET', url: `${base}/webhooks`, headers }, options);
  if (listed.status !== 200) throw failure(listed);
  const hooks = z
    .object({ data: z.array(z.object({ id: z.number(), subscription_url: z.string() })).nullable() })
    .parse(JSON.parse(listed.body)).data;
  const ours = (hooks ?? []).filter((hook) => hook.subscription_url === url);
  for (const hook of ours) {
    const removed = await safeFetch(
      { method: 'DELETE', url: `${base}/webhooks/${hook.id}`, headers },
      options,
    );
    if (removed.status !== 200 && removed.status !== 404) throw failure(removed);
  }
  return ours.length;
}
