import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Agendor API v3 (api.agendor.com.br/docs) under `/agendor/v3`: people and their tasks (history
 * comments) of the account the `Authorization: Token <token>` header names, answering `{data}` (lists with
 * `meta` and `links`) or `{errors: [...]}`; on demand the rate-limit answer (429 with `Retry-After`), a
 * revoked token (401), rejected fields (422) or an outage (503).
 */

export interface AgendorPerson {
  id: number;
  name: string;
  contact: { email: string | null; mobile: string | null; whatsapp: string | null; work: string | null };
  createdAt: string;
  updatedAt: string;
}

export interface AgendorTask {
  id: number;
  text: string;
  type: string | null;
  dueDate: string | null;
  done: boolean;
  person: { id: number; name: string };
  createdAt: string;
}

interface Account {
  people: Map<number, AgendorPerson>;
  tasks: AgendorTask[];
}

const RATE_LIMIT_PER_MINUTE = 100;

const fail = (status: number, errors: string[], headers?: Record<string, string>): FakeResponse => ({
  status,
  body: { errors },
  headers,
});

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit')
    return fail(429, ['Limite de requisições excedido. Tente novamente em instantes.'], {
      'retry-after': String(retryAfter),
      'x-ratelimit-limit': String(RATE_LIMIT_PER_MINUTE),
      'x-ratelimit-remaining': '0',
    });
  if (failure === 'auth') return fail(401, ['Token de autenticação inválido.']);
  if (failure === 'recipient') return fail(422, ['name: não pode ficar em branco']);
  return fail(503, ['Serviço temporariamente indisponível.']);
}

const ok = (status: number, data: unknown, extra: Record<string, unknown> = {}): FakeResponse => ({
  status,
  body: { data, ...extra },
  headers: { 'x-ratelimit-limit': String(RATE_LIMIT_PER_MINUTE) },
});

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export class FakeAgendor {
  private readonly accounts = new Map<string, Account>();

  account(token: string): Account {
    let account = this.accounts.get(token);
    if (!account) {
      account = { people: new Map(), tasks: [] };
      this.accounts.set(token, account);
    }
    return account;
  }

  people(token: string): AgendorPerson[] {
    return [...this.account(token).people.values()];
  }

  tasks(token: string): AgendorTask[] {
    return [...this.account(token).tasks];
  }

  /** A salesperson adds a person in Agendor's own UI. */
  addPerson(token: string, input: { id: number; name: string; email?: string }): AgendorPerson {
    return savePerson(this.account(token), input.id, {
      name: input.name,
      contact: { email: input.email ?? null },
    });
  }

  reset(): void {
    this.accounts.clear();
  }
}

function savePerson(account: Account, id: number, fields: Record<string, unknown>, before?: AgendorPerson) {
  const contact = fieldsOf(fields.contact);
  const has = (name: string) => name in contact;
  const now = new Date().toISOString();
  const person: AgendorPerson = {
    id,
    name: text(fields.name) ?? before?.name ?? '',
    contact: {
      email: has('email') ? text(contact.email) : (before?.contact.email ?? null),
      mobile: has('mobile') ? text(contact.mobile) : (before?.contact.mobile ?? null),
      whatsapp: has('whatsapp') ? text(contact.whatsapp) : (before?.contact.whatsapp ?? null),
      work: has('work') ? text(contact.work) : (before?.contact.work ?? null),
    },
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  account.people.set(id, person);
  return person;
}

export function handleAgendor(fake: FakeAgendor, request: FakeRequest, context: FakeContext): FakeResult {
  const write = request.method !== 'GET';
  const queued = write ? context.takeFailure('agendor') : undefined;
  if (queued) return { response: failureResponse(queued.failure, queued.retryAfter), recorded: true };
  const token = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return { response: fail(401, ['Token de autenticação inválido.']), recorded: write };
  const account = fake.account(token);
  const fields = fieldsOf(request.body);
  const [, version, resource, rawId, child] = request.path.split('/');
  if (version !== 'v3' || resource !== 'people') {
    return { response: fail(404, ['Recurso não encontrado.']), recorded: false };
  }
  const id = rawId === undefined ? undefined : Number(rawId);

  if (id === undefined) {
    if (request.method === 'GET') {
      const email = request.query.email?.toLowerCase();
      const found = fake
        .people(token)
        .filter((person) => !email || person.contact.email?.toLowerCase() === email);
      return {
        response: ok(200, found, { meta: { totalCount: found.length }, links: { next: null } }),
        recorded: false,
      };
    }
    if (request.method === 'POST') {
      if (!text(fields.name))
        return { response: fail(422, ['name: não pode ficar em branco']), recorded: true };
      return { response: ok(201, savePerson(account, context.nextId(), fields)), recorded: true };
    }
  }
  const person = id === undefined ? undefined : account.people.get(id);
  if (!person || id === undefined)
    return { response: fail(404, ['Pessoa não encontrada.']), recorded: write };
  if (child === 'tasks' && request.method === 'POST') {
    const body = text(fields.text);
    if (!body) return { response: fail(422, ['text: não pode ficar em branco']), recorded: true };
    const task: AgendorTask = {
      id: context.nextId(),
      text: body,
      type: text(fields.type),
      dueDate: text(fields.dueDate),
      done: fields.done === true,
      person: { id: person.id, name: person.name },
      createdAt: new Date().toISOString(),
    };
    account.tasks.push(task);
    return { response: ok(201, task), recorded: true };
  }
  if (child !== undefined) return { response: fail(404, ['Recurso não encontrado.']), recorded: false };
  if (request.method === 'GET') return { response: ok(200, person), recorded: false };
  if (request.method === 'PUT')
    return { response: ok(200, savePerson(account, id, fields, person)), recorded: true };
  return { response: fail(404, ['Recurso não encontrado.']), recorded: false };
}
