import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Agendor API v3 (api.agendor.com.br/docs) under `/agendor/v3`: people and their tasks (history
 * comments) of the account the `Authorization: Token <token>` header names, answering `{data}` (lists with
 * `meta` and `links`, paged by `page` and `per_page`, filtered by `email` or by `since`: updated from then on)
 * or `{errors: [...]}`; on demand the rate-limit answer (429 with `Retry-After`), a
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

  /** A salesperson edits a person in Agendor's own UI (only the fields given change). */
  editPerson(
    token: string,
    id: number,
    input: { name?: string; email?: string; mobile?: string; whatsapp?: string },
  ): AgendorPerson {
    const account = this.account(token);
    const before = account.people.get(id);
    if (!before) throw new Error(`no Agendor person ${id}`);
    const { name, ...contact } = input;
    return savePerson(account, id, { ...(name ? { name } : {}), contact }, before);
  }

  reset(): void {
    this.accounts.clear();
  }
}

const MAX_PER_PAGE = 100;

/** `GET /people`: `email` matches exactly, `since` keeps those updated from then on; paged by `page`, `per_page`. */
function listPeople(people: AgendorPerson[], query: FakeRequest['query'], context: FakeContext) {
  const email = query.email?.toLowerCase();
  const since = query.since ? new Date(query.since).getTime() : undefined;
  const found = people.filter(
    (person) =>
      (!email || person.contact.email?.toLowerCase() === email) &&
      (since === undefined || new Date(person.updatedAt).getTime() >= since),
  );
  const perPage = Math.min(Math.max(Number(query.per_page) || MAX_PER_PAGE, 1), MAX_PER_PAGE);
  const page = Math.max(Number(query.page) || 1, 1);
  const slice = found.slice((page - 1) * perPage, page * perPage);
  const next =
    page * perPage < found.length ? new URLSearchParams({ ...query, page: String(page + 1) }) : null;
  return ok(200, slice, {
    meta: { totalCount: found.length },
    links: { next: next ? `${context.baseUrl}/agendor/v3/people?${next.toString()}` : null },
  });
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
  // Writes and the poll's `since` listing fail on demand; the e-mail search before a write does not.
  const polling = request.method === 'GET' && request.query.since !== undefined;
  const queued = write || polling ? context.takeFailure('agendor') : undefined;
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
      return { response: listPeople(fake.people(token), request.query, context), recorded: polling };
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
