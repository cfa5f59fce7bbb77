import { randomBytes } from 'node:crypto';
import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of Salesforce under `/salesforce`: the OAuth 2 username-password flow at `/services/oauth2/token`
 * (answering `{access_token, instance_url, id, token_type, issued_at, signature}`, or 400
 * `{error: 'invalid_grant', error_description: 'authentication failure'}`) and, on the instance URL it hands
 * out (its own mount), the REST API's `/services/data/vXX.X/`: `sobjects/Contact` (create 201
 * `{id, success, errors}`, PATCH 204, GET), `sobjects/Task` and a SOQL `query` for a Contact by Email or
 * MobilePhone, or for the contacts modified since a datetime (`LastModifiedDate >= <literal> ORDER BY
 * LastModifiedDate`, in batches continued at `nextRecordsUrl`), and the delete log at
 * `sobjects/Contact/deleted/?start=&end=` (sObject Get Deleted: `{deletedRecords: [{id, deletedDate}],
 * earliestDateAvailable, latestDateCovered}`, seconds ignored, 400 INVALID_REPLICATION_DATE for a start not
 * before the end by more than a minute or older than the log). Dates are written as Salesforce does,
 * `2026-11-29T10:00:00.000+0000`. Errors are Salesforce's arrays of `{message, errorCode, fields}`. Orgs are keyed by username
 * (the first login with a username opens its org; a later one needs the same password and security token).
 * On demand (REST calls; the login is refused by a wrong password or security token): the org's API limit (403 REQUEST_LIMIT_EXCEEDED), an expired session (401 INVALID_SESSION_ID),
 * rejected fields (400 REQUIRED_FIELD_MISSING) or an outage (503 SERVER_UNAVAILABLE).
 */

export interface SalesforceContact {
  Id: string;
  FirstName: string | null;
  LastName: string;
  Email: string | null;
  MobilePhone: string | null;
  CreatedDate: string;
  LastModifiedDate: string;
}

export interface SalesforceTask {
  Id: string;
  WhoId: string;
  Subject: string | null;
  Description: string | null;
  Status: string | null;
  ActivityDate: string | null;
  CreatedDate: string;
}

interface Org {
  /** Query locators of unfinished answers: the records still to hand out. */
  cursors: Map<string, Record<string, unknown>[]>;
  username: string;
  password: string;
  orgId: string;
  contacts: Map<string, SalesforceContact>;
  tasks: SalesforceTask[];
  /** The delete log: contacts deleted in Salesforce's UI, with when. */
  deleted: { id: string; deletedDate: string }[];
  /** The log holds nothing older (Get Deleted's earliestDateAvailable): 15 days back, or a purge. */
  earliestDateAvailable: number;
}

const sfError = (
  status: number,
  errorCode: string,
  message: string,
  fields: string[] = [],
): FakeResponse => ({
  status,
  body: [{ message, errorCode, fields }],
});

function failureResponse(failure: SandboxFailure): FakeResponse {
  if (failure === 'rate_limit')
    return sfError(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
  if (failure === 'auth') return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
  if (failure === 'recipient')
    return sfError(400, 'REQUIRED_FIELD_MISSING', 'Required fields are missing: [LastName]', ['LastName']);
  return sfError(503, 'SERVER_UNAVAILABLE', 'Server temporarily unavailable.');
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** An 18-character record id with the object's key prefix (003 Contact, 00T Task). */
const recordId = (prefix: string, counter: number) =>
  `${prefix}${String(counter).padStart(12, '0')}AAA`.slice(0, 18);

export class FakeSalesforce {
  private readonly orgs = new Map<string, Org>();
  private readonly sessions = new Map<string, string>();

  /** Opens (first login) or checks the org of this username; undefined when the password is wrong. */
  login(username: string, password: string): Org | undefined {
    const org = this.orgs.get(username);
    if (!org) {
      const created: Org = {
        username,
        password,
        orgId: `00D${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 15),
        contacts: new Map(),
        tasks: [],
        cursors: new Map(),
        deleted: [],
        earliestDateAvailable: Date.now() - DELETE_LOG_MS,
      };
      this.orgs.set(username, created);
      return created;
    }
    return org.password === password ? org : undefined;
  }

  openSession(org: Org): string {
    const token = `${org.orgId}!${randomBytes(24).toString('base64url')}`;
    this.sessions.set(token, org.username);
    return token;
  }

  orgOfSession(token: string): Org | undefined {
    const username = this.sessions.get(token);
    return username === undefined ? undefined : this.orgs.get(username);
  }

  /** Every session issued so far expires (Salesforce's session timeout): the next call answers 401. */
  expireSessions(): void {
    this.sessions.clear();
  }

  contacts(username: string): SalesforceContact[] {
    return [...(this.orgs.get(username)?.contacts.values() ?? [])];
  }

  tasks(username: string): SalesforceTask[] {
    return [...(this.orgs.get(username)?.tasks ?? [])];
  }

  /** A salesperson adds a contact in Salesforce's own UI (the org must exist: logged in once). */
  addContact(username: string, input: { Id: string; LastName: string; Email?: string }): void {
    const org = this.orgs.get(username);
    if (!org) throw new Error(`no Salesforce org for ${username}`);
    saveContact(org, input.Id, { LastName: input.LastName, Email: input.Email ?? null });
  }

  /** A salesperson edits a contact in Salesforce's own UI (only the fields given change). */
  editContact(
    username: string,
    id: string,
    fields: Partial<Pick<SalesforceContact, 'FirstName' | 'LastName' | 'Email' | 'MobilePhone'>>,
  ): void {
    const org = this.orgs.get(username);
    const before = org?.contacts.get(id);
    if (!org || !before) throw new Error(`no Salesforce contact ${id} for ${username}`);
    saveContact(org, id, fields, before);
  }

  /** A salesperson deletes a contact in Salesforce's own UI (at `at`, now by default): it goes to the delete log. */
  deleteContact(username: string, id: string, at = new Date()): void {
    const org = this.orgs.get(username);
    if (!org?.contacts.delete(id)) throw new Error(`no Salesforce contact ${id} for ${username}`);
    org.deleted.push({ id, deletedDate: sfDateTime(at) });
  }

  /** An administrator empties the recycle bin: the delete log no longer reaches back before now. */
  purgeDeleteLog(username: string): void {
    const org = this.orgs.get(username);
    if (!org) throw new Error(`no Salesforce org for ${username}`);
    org.deleted = [];
    org.earliestDateAvailable = Date.now();
  }

  /** Records per query batch (Salesforce's default is 2,000; smaller here to exercise `nextRecordsUrl`). */
  batchSize = 2000;

  reset(): void {
    this.orgs.clear();
    this.sessions.clear();
    this.batchSize = 2000;
  }
}

/** Get Deleted answers for no more than 15 days before the call. */
const DELETE_LOG_MS = 15 * 24 * 3_600_000;
const MINUTE_MS = 60_000;

/** Salesforce's datetime format: milliseconds zeroed, offset without a colon. */
const sfDateTime = (at: Date) => `${at.toISOString().slice(0, 19)}.000+0000`;
const fromSfDateTime = (value: string) => new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).getTime();

function saveContact(org: Org, id: string, fields: Record<string, unknown>, before?: SalesforceContact) {
  const now = sfDateTime(new Date());
  const pick = (name: 'FirstName' | 'Email' | 'MobilePhone') =>
    name in fields ? text(fields[name]) : (before?.[name] ?? null);
  const contact: SalesforceContact = {
    Id: id,
    FirstName: pick('FirstName'),
    LastName: text(fields.LastName) ?? before?.LastName ?? '',
    Email: pick('Email'),
    MobilePhone: pick('MobilePhone'),
    CreatedDate: before?.CreatedDate ?? now,
    LastModifiedDate: now,
  };
  org.contacts.set(id, contact);
  return contact;
}

const CHANGED =
  /^SELECT Id, FirstName, LastName, Email, MobilePhone, LastModifiedDate FROM Contact WHERE LastModifiedDate >= (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z) ORDER BY LastModifiedDate$/i;

/** One batch of an answer; an unfinished one leaves a query locator for `nextRecordsUrl`. */
function batchOf(
  org: Org,
  records: Record<string, unknown>[],
  batchSize: number,
  context: FakeContext,
): FakeResponse {
  const batch = records.slice(0, batchSize);
  const rest = records.slice(batchSize);
  let nextRecordsUrl: string | undefined;
  if (rest.length > 0) {
    const locator = `01g${String(context.nextId()).padStart(15, '0')}-${batchSize}`;
    org.cursors.set(locator, rest);
    nextRecordsUrl = `/services/data/v59.0/query/${locator}`;
  }
  return {
    status: 200,
    body: {
      totalSize: records.length,
      done: rest.length === 0,
      ...(nextRecordsUrl ? { nextRecordsUrl } : {}),
      records: batch,
    },
  };
}

/** The SOQL the product sends: a Contact by Email or MobilePhone, or the contacts modified since a datetime. */
function runQuery(org: Org, q: string, batchSize: number, context: FakeContext): FakeResponse {
  const since = CHANGED.exec(q);
  if (since) {
    const from = new Date(since[1] ?? '').getTime();
    const records = [...org.contacts.values()]
      .filter((contact) => fromSfDateTime(contact.LastModifiedDate) >= from)
      .sort((a, b) => fromSfDateTime(a.LastModifiedDate) - fromSfDateTime(b.LastModifiedDate))
      .map((contact) => ({
        attributes: { type: 'Contact', url: `/services/data/v59.0/sobjects/Contact/${contact.Id}` },
        Id: contact.Id,
        FirstName: contact.FirstName,
        LastName: contact.LastName,
        Email: contact.Email,
        MobilePhone: contact.MobilePhone,
        LastModifiedDate: contact.LastModifiedDate,
      }));
    return batchOf(org, records, batchSize, context);
  }
  const match = /^SELECT Id FROM Contact WHERE (Email|MobilePhone) = '((?:[^'\\]|\\.)*)'/i.exec(q);
  if (!match) return sfError(400, 'MALFORMED_QUERY', `unexpected token in: ${q}`);
  const field = match[1] === 'Email' ? 'Email' : 'MobilePhone';
  const value = (match[2] ?? '').replace(/\\(.)/g, '$1').toLowerCase();
  const records = [...org.contacts.values()]
    .filter((contact) => contact[field]?.toLowerCase() === value)
    .map((contact) => ({
      attributes: { type: 'Contact', url: `/services/data/v59.0/sobjects/Contact/${contact.Id}` },
      Id: contact.Id,
    }));
  return { status: 200, body: { totalSize: records.length, done: true, records } };
}

/** A Get Deleted dateTime parameter (ISO 8601 with its offset), its seconds ignored as Salesforce does. */
function replicationDate(value: string | undefined): number | undefined {
  const at = value ? new Date(value).getTime() : Number.NaN;
  return Number.isFinite(at) ? Math.floor(at / MINUTE_MS) * MINUTE_MS : undefined;
}

/** sObject Get Deleted for Contact: the delete log between start and end. */
function getDeleted(org: Org, query: Readonly<Record<string, string | undefined>>): FakeResponse {
  const start = replicationDate(query.start);
  const end = replicationDate(query.end);
  if (start === undefined || end === undefined) {
    return sfError(400, 'MALFORMED_QUERY', 'start and end must be ISO 8601 dateTime values');
  }
  if (end - start <= MINUTE_MS || start < org.earliestDateAvailable) {
    return sfError(
      400,
      'INVALID_REPLICATION_DATE',
      'startDate must chronologically precede endDate by more than one minute, and must be within the delete log',
    );
  }
  const covered = Math.min(end, Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  const deletedRecords = org.deleted.filter((record) => {
    const at = fromSfDateTime(record.deletedDate);
    return at >= start && at < covered;
  });
  return {
    status: 200,
    body: {
      deletedRecords,
      earliestDateAvailable: sfDateTime(new Date(org.earliestDateAvailable)),
      latestDateCovered: sfDateTime(new Date(covered)),
    },
  };
}

export function handleSalesforce(
  fake: FakeSalesforce,
  request: FakeRequest,
  context: FakeContext,
): FakeResult {
  const write = request.method !== 'GET';
  if (request.path === '/services/oauth2/token' && request.method === 'POST') {
    const form = fieldsOf(request.body);
    const org =
      form.grant_type !== 'password' || !text(form.client_id) || !text(form.client_secret)
        ? undefined
        : fake.login(String(form.username ?? ''), String(form.password ?? ''));
    if (!org || !text(form.username)) {
      return {
        response: {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'authentication failure' },
        },
        recorded: true,
      };
    }
    return {
      response: {
        status: 200,
        body: {
          access_token: fake.openSession(org),
          instance_url: `${context.baseUrl}/salesforce`,
          id: `${context.baseUrl}/salesforce/id/${org.orgId}/005000000000001AAA`,
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          signature: randomBytes(32).toString('base64'),
        },
      },
      recorded: true,
    };
  }
  const version = /^\/services\/data\/v\d+\.\d+(\/.*)$/.exec(request.path);
  if (!version)
    return { response: sfError(404, 'NOT_FOUND', 'The requested resource does not exist'), recorded: false };
  const queued = context.takeFailure('salesforce');
  if (queued) return { response: failureResponse(queued.failure), recorded: true };
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const org = bearer === undefined ? undefined : fake.orgOfSession(bearer);
  if (!org)
    return { response: sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid'), recorded: write };
  const [, kind, object, id] = (version[1] ?? '').split('/');
  const fields = fieldsOf(request.body);

  if (kind === 'query' && request.method === 'GET') {
    if (object !== undefined) {
      const rest = org.cursors.get(object);
      if (!rest)
        return { response: sfError(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator'), recorded: false };
      org.cursors.delete(object);
      const locatorSize = Number(object.split('-')[1]) || fake.batchSize;
      return { response: batchOf(org, rest, locatorSize, context), recorded: true };
    }
    const q = request.query.q ?? '';
    // The poll's query is logged; the searches before a write are not.
    return { response: runQuery(org, q, fake.batchSize, context), recorded: CHANGED.test(q) };
  }
  if (kind !== 'sobjects')
    return { response: sfError(404, 'NOT_FOUND', 'The requested resource does not exist'), recorded: false };
  if (object === 'Contact' && id === 'deleted' && request.method === 'GET') {
    return { response: getDeleted(org, request.query), recorded: true };
  }
  if (object === 'Contact') {
    if (id === undefined && request.method === 'POST') {
      if (!text(fields.LastName)) return { response: failureResponse('recipient'), recorded: true };
      const contact = saveContact(org, recordId('003', context.nextId()), fields);
      return {
        response: { status: 201, body: { id: contact.Id, success: true, errors: [] } },
        recorded: true,
      };
    }
    const contact = id === undefined ? undefined : org.contacts.get(id);
    if (!contact || id === undefined)
      return {
        response: sfError(404, 'NOT_FOUND', 'The requested resource does not exist'),
        recorded: write,
      };
    if (request.method === 'GET') return { response: { status: 200, body: contact }, recorded: false };
    if (request.method === 'PATCH') {
      saveContact(org, id, fields, contact);
      return { response: { status: 204, body: undefined }, recorded: true };
    }
  }
  if (object === 'Task' && id === undefined && request.method === 'POST') {
    const whoId = text(fields.WhoId);
    if (!whoId || !org.contacts.has(whoId)) {
      return {
        response: sfError(400, 'INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', ['WhoId']),
        recorded: true,
      };
    }
    const task: SalesforceTask = {
      Id: recordId('00T', context.nextId()),
      WhoId: whoId,
      Subject: text(fields.Subject),
      Description: text(fields.Description),
      Status: text(fields.Status),
      ActivityDate: text(fields.ActivityDate),
      CreatedDate: new Date().toISOString(),
    };
    org.tasks.push(task);
    return { response: { status: 201, body: { id: task.Id, success: true, errors: [] } }, recorded: true };
  }
  return { response: sfError(404, 'NOT_FOUND', 'The requested resource does not exist'), recorded: false };
}
