import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Pipedrive API v1 (developers.pipedrive.com) under `/pipedrive/api/v1`: persons and notes of
 * the account the `x-api-token` header (or `api_token` query) names, answering `{success: true, data}` or
 * `{success: false, error, error_info, data: null}`, and on demand the rate-limit answer (429 with the
 * `x-ratelimit-*` headers), a revoked token (401) or an outage (503).
 */

export interface PipedriveContact {
  label: string;
  value: string;
  primary: boolean;
}

export interface PipedrivePerson {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: PipedriveContact[];
  phone: PipedriveContact[];
  add_time: string;
  update_time: string;
  active_flag: boolean;
  visible_to: string;
}

export interface PipedriveNote {
  id: number;
  content: string;
  person_id: number | null;
  add_time: string;
  active_flag: boolean;
}

export interface PipedriveWebhook {
  id: number;
  subscription_url: string;
  event_action: string;
  event_object: string;
  http_auth_user: string | null;
  http_auth_password: string | null;
  version: string;
  is_active: number;
  add_time: string;
}

interface Account {
  persons: Map<number, PipedrivePerson>;
  notes: PipedriveNote[];
  webhooks: PipedriveWebhook[];
}

const ERROR_INFO = 'Please check developers.pipedrive.com for more information about Pipedrive API.';
const RATE_LIMIT = 80;

const fail = (status: number, error: string, headers?: Record<string, string>): FakeResponse => ({
  status,
  body: { success: false, error, error_info: ERROR_INFO, data: null, additional_data: null },
  headers,
});

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit')
    return fail(429, 'Request over limit', {
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(retryAfter),
    });
  if (failure === 'auth') return fail(401, 'unauthorized access');
  if (failure === 'recipient') return fail(400, 'Name must be given.');
  return fail(503, 'Requested service is not available');
}

const ok = (status: number, data: unknown, extra: Record<string, unknown> = {}): FakeResponse => ({
  status,
  body: { success: true, data, ...extra },
  headers: { 'x-ratelimit-limit': String(RATE_LIMIT), 'x-ratelimit-remaining': String(RATE_LIMIT - 1) },
});

/** Pipedrive writes times as `YYYY-MM-DD HH:MM:SS` in UTC. */
const pipedriveTime = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** Pipedrive takes a string, a list of strings or a list of `{value, primary, label}`. */
function contactList(value: unknown, label: string): PipedriveContact[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((entry, index) => {
    if (typeof entry === 'string') return [{ label, value: entry, primary: index === 0 }];
    const fields = fieldsOf(entry);
    if (typeof fields.value !== 'string') return [];
    return [
      {
        label: typeof fields.label === 'string' ? fields.label : label,
        value: fields.value,
        primary: fields.primary === true || index === 0,
      },
    ];
  });
}

export class FakePipedrive {
  private readonly accounts = new Map<string, Account>();

  account(token: string): Account {
    let account = this.accounts.get(token);
    if (!account) {
      account = { persons: new Map(), notes: [], webhooks: [] };
      this.accounts.set(token, account);
    }
    return account;
  }

  persons(token: string): PipedrivePerson[] {
    return [...this.account(token).persons.values()];
  }

  notes(token: string): PipedriveNote[] {
    return [...this.account(token).notes];
  }

  webhooks(token: string): PipedriveWebhook[] {
    return [...this.account(token).webhooks];
  }

  /**
   * A salesperson edits a person in Pipedrive's own UI: the change is saved and each webhook subscribed to
   * person updates receives Pipedrive's v1 payload with its Basic credentials. Answers the statuses.
   */
  async editPerson(
    token: string,
    id: number,
    changes: Partial<Pick<PipedrivePerson, 'name' | 'email' | 'phone'>>,
  ): Promise<number[]> {
    const account = this.account(token);
    const person = account.persons.get(id);
    if (!person) throw new Error(`no person ${id}`);
    const current = { ...person, ...changes, update_time: pipedriveTime() };
    account.persons.set(id, current);
    return this.notify(token, 'updated', id, current, person);
  }

  /** A salesperson adds a person in Pipedrive: saved, then the `added` webhooks. */
  async addPerson(
    token: string,
    input: { id: number; name: string; email?: string; phone?: string },
  ): Promise<number[]> {
    const fields = { name: input.name, email: input.email, phone: input.phone };
    const person = savePerson(this.account(token), input.id, fields);
    return this.notify(token, 'added', person.id, person, null);
  }

  /** A salesperson deletes a person in Pipedrive: removed, then the `deleted` webhooks (v1: `current` null). */
  async deletePerson(token: string, id: number): Promise<number[]> {
    const account = this.account(token);
    const person = account.persons.get(id);
    if (!person) throw new Error(`no person ${id}`);
    account.persons.delete(id);
    return this.notify(token, 'deleted', id, null, person);
  }

  private async notify(
    token: string,
    action: 'added' | 'updated' | 'deleted',
    id: number,
    current: PipedrivePerson | null,
    previous: PipedrivePerson | null,
  ): Promise<number[]> {
    const subscribed = this.account(token).webhooks.filter(
      (hook) => [action, '*'].includes(hook.event_action) && ['person', '*'].includes(hook.event_object),
    );
    return Promise.all(
      subscribed.map(async (hook) => {
        const auth = Buffer.from(`${hook.http_auth_user ?? ''}:${hook.http_auth_password ?? ''}`).toString(
          'base64',
        );
        const response = await fetch(hook.subscription_url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
          body: JSON.stringify({
            v: 1,
            matches_filters: { current: [] },
            meta: {
              action,
              object: 'person',
              id,
              company_id: 1,
              user_id: 1,
              host: 'sandbox.pipedrive.com',
              timestamp: Math.floor(Date.now() / 1000),
              webhook_id: String(hook.id),
              is_bulk_update: false,
            },
            current,
            previous,
            event: `${action}.person`,
            retry: 0,
          }),
        });
        return response.status;
      }),
    );
  }

  reset(): void {
    this.accounts.clear();
  }
}

function savePerson(
  account: Account,
  id: number,
  fields: Record<string, unknown>,
  before?: PipedrivePerson,
): PipedrivePerson {
  const name = typeof fields.name === 'string' ? fields.name.trim() : (before?.name ?? '');
  const [first = '', ...rest] = name.split(/\s+/);
  const now = pipedriveTime();
  const person: PipedrivePerson = {
    id,
    name,
    first_name: first,
    last_name: rest.join(' '),
    email: 'email' in fields ? contactList(fields.email, 'work') : (before?.email ?? []),
    phone: 'phone' in fields ? contactList(fields.phone, 'mobile') : (before?.phone ?? []),
    add_time: before?.add_time ?? now,
    update_time: now,
    active_flag: true,
    visible_to: '3',
  };
  account.persons.set(id, person);
  return person;
}

/** `GET /persons/search?term&fields=email|phone&exact_match=true`: `{data: {items: [{result_score, item}]}}`. */
function searchPersons(fake: FakePipedrive, token: string, request: FakeRequest): FakeResponse {
  const term = (request.query.term ?? '').trim().toLowerCase();
  if (term.length < 2) return fail(400, 'Search term must be at least 2 characters long');
  const fields = (request.query.fields ?? 'email,phone,name').split(',');
  const exact = request.query.exact_match === 'true';
  const matches = (value: string) =>
    exact ? value.toLowerCase() === term : value.toLowerCase().includes(term);
  const items = fake
    .persons(token)
    .filter(
      (person) =>
        (fields.includes('email') && person.email.some((entry) => matches(entry.value))) ||
        (fields.includes('phone') && person.phone.some((entry) => matches(entry.value))) ||
        (fields.includes('name') && matches(person.name)),
    )
    .map((person) => ({
      result_score: 1,
      item: {
        id: person.id,
        type: 'person',
        name: person.name,
        phones: person.phone.map((entry) => entry.value),
        emails: person.email.map((entry) => entry.value),
        visible_to: 3,
      },
    }));
  return ok(
    200,
    { items },
    { additional_data: { pagination: { start: 0, limit: 100, more_items_in_collection: false } } },
  );
}

export function handlePipedrive(fake: FakePipedrive, request: FakeRequest, context: FakeContext): FakeResult {
  const write = request.method !== 'GET';
  const queued = write ? context.takeFailure('pipedrive') : undefined;
  if (queued) return { response: failureResponse(queued.failure, queued.retryAfter), recorded: true };
  const token = request.headers['x-api-token'] ?? request.query.api_token;
  if (!token) return { response: fail(401, 'unauthorized access'), recorded: write };
  const account = fake.account(token);
  const fields = fieldsOf(request.body);
  const [, api, version, resource, rawId] = request.path.split('/');
  if (api !== 'api' || version !== 'v1') return { response: fail(404, 'Unknown method .'), recorded: false };
  const id = rawId === undefined ? undefined : Number(rawId);

  if (resource === 'persons') {
    if (request.method === 'POST' && id === undefined) {
      if (typeof fields.name !== 'string' || !fields.name.trim())
        return { response: fail(400, 'Name must be given.'), recorded: true };
      const person = savePerson(account, context.nextId(), fields);
      return { response: ok(201, person, { related_objects: {} }), recorded: true };
    }
    if (request.method === 'GET' && rawId === 'search')
      return { response: searchPersons(fake, token, request), recorded: false };
    const person = id === undefined ? undefined : account.persons.get(id);
    if (request.method === 'GET' && id === undefined) {
      const items = fake.persons(token);
      return {
        response: ok(200, items.length > 0 ? items : null, {
          additional_data: { pagination: { start: 0, limit: 100, more_items_in_collection: false } },
        }),
        recorded: false,
      };
    }
    if (!person || id === undefined) return { response: fail(404, 'Person not found'), recorded: write };
    if (request.method === 'GET') return { response: ok(200, person), recorded: false };
    if (request.method === 'PUT')
      return { response: ok(200, savePerson(account, id, fields, person)), recorded: true };
    if (request.method === 'DELETE') {
      account.persons.delete(id);
      return { response: ok(200, { id }), recorded: true };
    }
  }

  if (resource === 'webhooks' && request.method === 'GET') {
    return { response: ok(200, account.webhooks), recorded: false };
  }
  if (resource === 'webhooks' && request.method === 'DELETE' && id !== undefined) {
    const index = account.webhooks.findIndex((hook) => hook.id === id);
    if (index < 0) return { response: fail(404, 'Webhook not found'), recorded: true };
    account.webhooks.splice(index, 1);
    return { response: { status: 200, body: { status: 'ok', success: true } }, recorded: true };
  }
  if (resource === 'webhooks' && request.method === 'POST') {
    const url = typeof fields.subscription_url === 'string' ? fields.subscription_url : '';
    if (!/^https?:\/\//.test(url))
      return { response: fail(400, 'Subscription url is invalid'), recorded: true };
    const hook: PipedriveWebhook = {
      id: context.nextId(),
      subscription_url: url,
      event_action: typeof fields.event_action === 'string' ? fields.event_action : '*',
      event_object: typeof fields.event_object === 'string' ? fields.event_object : '*',
      http_auth_user: typeof fields.http_auth_user === 'string' ? fields.http_auth_user : null,
      http_auth_password: typeof fields.http_auth_password === 'string' ? fields.http_auth_password : null,
      version: typeof fields.version === 'string' ? fields.version : '1.0',
      is_active: 1,
      add_time: pipedriveTime(),
    };
    account.webhooks.push(hook);
    return { response: { status: 201, body: { status: 'ok', success: true, data: hook } }, recorded: true };
  }

  if (resource === 'notes' && request.method === 'POST') {
    const content = typeof fields.content === 'string' ? fields.content : '';
    if (!content.trim()) return { response: fail(400, 'Note content must be given.'), recorded: true };
    const personId = typeof fields.person_id === 'number' ? fields.person_id : null;
    if (personId !== null && !account.persons.has(personId))
      return { response: fail(404, 'Person not found'), recorded: true };
    const note: PipedriveNote = {
      id: context.nextId(),
      content,
      person_id: personId,
      add_time: pipedriveTime(),
      active_flag: true,
    };
    account.notes.push(note);
    return { response: ok(201, note), recorded: true };
  }
  return { response: fail(404, 'Unknown method .'), recorded: false };
}
