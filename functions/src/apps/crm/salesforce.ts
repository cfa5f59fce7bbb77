import * as z from 'zod';
import { providerBaseUrl } from '../../channels/providers.ts';
import { safeFetch, type SafeResponse } from '../../lib/safe-fetch.ts';
import { plainText } from './agendor.ts';
import {
  type CrmClient,
  type CrmPerson,
  CrmRejected,
  CrmRetryable,
  type RemotePerson,
  crmAllowsLocal,
} from './client.ts';

/**
 * Salesforce REST API (developer.salesforce.com, api_rest): the connected app's OAuth 2 username-password flow
 * at `{login}/services/oauth2/token` (form `grant_type=password`, `client_id` = the consumer key, `client_secret`
 * = the install form's token, `username`, `password` = the login password followed by the security token) →
 * `{access_token, instance_url, token_type}`; refused with 400 `{error: 'invalid_grant', error_description}`.
 * Then `Authorization: Bearer` on `{instance_url}/services/data/v59.0`: `sobjects/Contact` (POST → 201
 * `{id, success, errors}`, PATCH → 204), SOQL at `query?q=` (`{totalSize, done, records}`), `sobjects/Task` for
 * the closed conversation; changed contacts are read with SOQL on `LastModifiedDate` (a datetime literal,
 * unquoted), a long answer continued at its `nextRecordsUrl`; deleted contacts are read from the delete log at
 * `sobjects/Contact/deleted/?start=&end=` (sObject Get Deleted: `{deletedRecords: [{id, deletedDate}],
 * earliestDateAvailable, latestDateCovered}`; the seconds of start and end are ignored, start must precede end by
 * more than a minute, the log reaches back at most 15 days, and a start it no longer covers is refused with
 * INVALID_REPLICATION_DATE; the next read starts at `latestDateCovered`). Errors are arrays of `{message, errorCode, fields}`: 401 INVALID_SESSION_ID (session
 * expired: log in again), 403 REQUEST_LIMIT_EXCEEDED (the org's API limit: later), 404 NOT_FOUND, 400 for
 * rejected fields, 503 SERVER_UNAVAILABLE. PROVIDER_BASE_URLS.salesforce points the login at the sandbox.
 */
const DEFAULT_LOGIN = 'https://login.salesforce.com';
export const SALESFORCE_API_VERSION = 'v59.0';

export interface SalesforceCredentials {
  clientKey: string;
  clientSecret: string;
  username: string;
  password: string;
  securityToken: string;
}

const session = z.object({ access_token: z.string().min(1), instance_url: z.string().url() });
type Session = z.infer<typeof session>;
const errors = z.array(z.object({ errorCode: z.string(), message: z.string().optional() }).loose());
const created = z.object({ id: z.string().min(1) }).loose();
const queried = z.object({ records: z.array(z.object({ Id: z.string() }).loose()) }).loose();
const changed = z
  .object({
    done: z.boolean(),
    nextRecordsUrl: z.string().nullish(),
    records: z.array(
      z
        .object({
          Id: z.string(),
          FirstName: z.string().nullish(),
          LastName: z.string().nullish(),
          Email: z.string().nullish(),
          MobilePhone: z.string().nullish(),
          LastModifiedDate: z.string(),
        })
        .loose(),
    ),
  })
  .loose();

const deleted = z
  .object({
    deletedRecords: z.array(z.object({ id: z.string(), deletedDate: z.string() }).loose()),
    earliestDateAvailable: z.string().nullish(),
    latestDateCovered: z.string().nullish(),
  })
  .loose();

/** Get Deleted answers for no more than 15 days back; a day less keeps the start inside the log. */
const DELETE_LOG_MS = 14 * 24 * 3_600_000;
/** Get Deleted ignores seconds and wants start before end by more than a minute. */
const MINUTE_MS = 60_000;

/** Get Deleted's dateTime parameter: whole minutes (it ignores seconds), UTC with its offset written out. */
const getDeletedDateTime = (ms: number) =>
  `${new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString().slice(0, 19)}+00:00`;

/** Batches of the changed contacts read per poll (2,000 records each); the rest waits for the next run. */
const MAX_BATCHES = 5;

/** SOQL's datetime literal: whole seconds, UTC. */
export const soqlDateTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

/** Salesforce writes offsets without a colon (`+0000`); ISO 8601 parsers want one. */
const isoOf = (value: string) => value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');

export const salesforceLoginUrl = () => (providerBaseUrl('salesforce') ?? DEFAULT_LOGIN).replace(/\/+$/, '');

/** Sessions by org user, kept while the Lambda is warm; a 401 logs in again. */
const sessions = new Map<string, Session>();

function errorCode(response: SafeResponse): string {
  try {
    const parsed = errors.safeParse(JSON.parse(response.body));
    return parsed.success ? (parsed.data[0]?.errorCode ?? '') : '';
  } catch {
    return '';
  }
}

function failure(response: SafeResponse): Error {
  const code = errorCode(response);
  const message = `salesforce answered ${response.status} ${code}`.trim();
  if (response.status === 403 && code === 'REQUEST_LIMIT_EXCEEDED') return new CrmRetryable(message);
  if (response.status === 429 || response.status >= 500) return new CrmRetryable(message);
  return new CrmRejected(message, response.status);
}

async function send(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}): Promise<SafeResponse> {
  try {
    return await safeFetch(request, { allowLocal: crmAllowsLocal(), timeoutMs: 10_000 });
  } catch (error) {
    throw new CrmRetryable(
      `salesforce unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function login(credentials: SalesforceCredentials): Promise<Session> {
  const response = await send({
    method: 'POST',
    url: `${salesforceLoginUrl()}/services/oauth2/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: credentials.clientKey,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: `${credentials.password}${credentials.securityToken}`,
    }).toString(),
  });
  if (response.status >= 500) throw new CrmRetryable(`salesforce login answered ${response.status}`);
  if (response.status !== 200) {
    let reason = '';
    try {
      reason = z.object({ error: z.string() }).loose().parse(JSON.parse(response.body)).error;
    } catch {
      // Not Salesforce's JSON error: the status says enough.
    }
    throw new CrmRejected(
      `salesforce refused the login ${response.status} ${reason}`.trim(),
      response.status,
    );
  }
  return session.parse(JSON.parse(response.body));
}

/** SOQL string literal: backslash and quote escaped. */
const soql = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Contact needs LastName: the last word of the name; the words before it are the FirstName. */
export function contactFields(person: CrmPerson): Record<string, string> {
  const words = person.name.trim().split(/\s+/).filter(Boolean);
  const last = words.length > 0 ? words[words.length - 1] : undefined;
  return {
    ...(words.length > 1 ? { FirstName: words.slice(0, -1).join(' ') } : {}),
    LastName: last ?? person.phone ?? person.email ?? '-',
    ...(person.email ? { Email: person.email } : {}),
    ...(person.phone ? { MobilePhone: person.phone } : {}),
  };
}

/** Salesforce's Task.Description holds up to 32,000 characters. */
const DESCRIPTION_LIMIT = 32_000;

export function salesforceClient(credentials: SalesforceCredentials): CrmClient {
  const key = `${salesforceLoginUrl()}|${credentials.clientKey}|${credentials.username}`;
  const current = async () => {
    const held = sessions.get(key);
    if (held) return held;
    const fresh = await login(credentials);
    sessions.set(key, fresh);
    return fresh;
  };
  const call = async (method: string, path: string, body?: unknown): Promise<SafeResponse> => {
    for (let attempt = 1; ; attempt += 1) {
      const held = await current();
      const response = await send({
        method,
        url: `${held.instance_url.replace(/\/+$/, '')}/services/data/${SALESFORCE_API_VERSION}${path}`,
        headers: {
          authorization: `Bearer ${held.access_token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status !== 401 || attempt > 1) return response;
      // INVALID_SESSION_ID: the session expired or was revoked; one new login, then the answer stands.
      if (sessions.get(key) === held) sessions.delete(key);
    }
  };
  const queryOne = async (where: string): Promise<string | undefined> => {
    const q = `SELECT Id FROM Contact WHERE ${where} ORDER BY CreatedDate LIMIT 1`;
    const response = await call('GET', `/query?${new URLSearchParams({ q }).toString()}`);
    if (response.status !== 200) throw failure(response);
    return queried.parse(JSON.parse(response.body)).records[0]?.Id;
  };
  return {
    async findPerson(person) {
      const byEmail = person.email ? await queryOne(`Email = ${soql(person.email)}`) : undefined;
      if (byEmail || !person.phone) return byEmail;
      return queryOne(`MobilePhone = ${soql(person.phone)}`);
    },
    async createPerson(person) {
      const response = await call('POST', '/sobjects/Contact', contactFields(person));
      if (response.status !== 201 && response.status !== 200) throw failure(response);
      return created.parse(JSON.parse(response.body)).id;
    },
    async updatePerson(remoteId, person) {
      const response = await call(
        'PATCH',
        `/sobjects/Contact/${encodeURIComponent(remoteId)}`,
        contactFields(person),
      );
      if (response.status === 404 || errorCode(response) === 'ENTITY_IS_DELETED') return false;
      if (response.status !== 204 && response.status !== 200) throw failure(response);
      return true;
    },
    /** A completed Task on the contact (WhoId), the transcript as its description. */
    async addNote(remoteId, html) {
      const response = await call('POST', '/sobjects/Task', {
        WhoId: remoteId,
        Subject: 'Atendimento encerrado',
        Description: plainText(html).slice(0, DESCRIPTION_LIMIT),
        Status: 'Completed',
        ActivityDate: new Date().toISOString().slice(0, 10),
      });
      if (response.status !== 201 && response.status !== 200) throw failure(response);
    },
    /** Contacts whose LastModifiedDate is at or after `since`, oldest first. */
    async changedSince(since) {
      const q =
        'SELECT Id, FirstName, LastName, Email, MobilePhone, LastModifiedDate FROM Contact ' +
        `WHERE LastModifiedDate >= ${soqlDateTime(since)} ORDER BY LastModifiedDate`;
      const people: RemotePerson[] = [];
      let path: string | undefined = `/query?${new URLSearchParams({ q }).toString()}`;
      for (let batch = 0; path && batch < MAX_BATCHES; batch += 1) {
        const response = await call('GET', path);
        if (response.status !== 200) throw failure(response);
        const parsed = changed.parse(JSON.parse(response.body));
        for (const record of parsed.records) {
          people.push({
            id: record.Id,
            name: [record.FirstName, record.LastName].filter(Boolean).join(' ') || undefined,
            email: record.Email ?? undefined,
            phone: record.MobilePhone ?? undefined,
            updatedAt: isoOf(record.LastModifiedDate),
          });
        }
        const next = parsed.done ? undefined : parsed.nextRecordsUrl;
        path = next ? next.replace(/^\/services\/data\/v\d+\.\d+/, '') : undefined;
      }
      return people;
    },
    /**
     * The delete log from `since` (at most 14 days back) to now. A start the log no longer covers (purged, or
     * older than 15 days) is a gap: reported, and the next read starts from now.
     */
    async deletedSince(since) {
      const end = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
      const start = Math.max(
        Math.floor(new Date(since).getTime() / MINUTE_MS) * MINUTE_MS,
        end - DELETE_LOG_MS,
      );
      if (end - start <= MINUTE_MS) return undefined;
      const query = new URLSearchParams({ start: getDeletedDateTime(start), end: getDeletedDateTime(end) });
      const response = await call('GET', `/sobjects/Contact/deleted/?${query.toString()}`);
      if (response.status === 400 && errorCode(response) === 'INVALID_REPLICATION_DATE') {
        return { ids: [], mark: new Date(end).toISOString(), gap: true };
      }
      if (response.status !== 200) throw failure(response);
      const parsed = deleted.parse(JSON.parse(response.body));
      const covered = parsed.latestDateCovered ? new Date(isoOf(parsed.latestDateCovered)).getTime() : end;
      return {
        ids: parsed.deletedRecords.map((record) => record.id),
        mark: new Date(Math.min(Math.max(covered, start), end)).toISOString(),
        gap: new Date(since).getTime() < start,
      };
    },
  };
}

/** Tests: forget the warm sessions. */
export function forgetSalesforceSessions(): void {
  sessions.clear();
}
