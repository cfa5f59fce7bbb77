import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the RD Station CRM API v1 (developers.rdstation.com, RD Station CRM) under `/rdstation`: contacts
 * (`/contacts`, searched by `?email=`, `?phone=` or `?q=`, sorted by `order` (`name`, `created_at`,
 * `updated_at`) and `direction`, paged by `page` and `limit` (at most 200), answering
 * `{contacts, total, has_more}`), deals
 * (`/deals`) and annotations (`/activities`, each on a deal) of the account the `token` query parameter names.
 * Ids are 24-hex ObjectIds that grow with time. On demand: the rate limit (429 with `Retry-After`, the API's
 * answer past 120 requests a minute), a revoked token (401), rejected fields (422 `{errors}`) or an outage (500).
 */

export interface RdCrmContact {
  _id: string;
  id: string;
  name: string;
  emails: { email: string }[];
  phones: { phone: string; type: string }[];
  deal_ids: string[];
  organization_id: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface RdCrmDeal {
  _id: string;
  id: string;
  name: string;
  win: boolean | null;
  hold: boolean | null;
  created_at: string;
  updated_at: string;
}

export interface RdCrmActivity {
  _id: string;
  id: string;
  deal_id: string;
  text: string;
  user_id: string | null;
  date: string;
  created_at: string;
}

interface Account {
  contacts: Map<string, RdCrmContact>;
  deals: Map<string, RdCrmDeal>;
  activities: RdCrmActivity[];
}

const fail = (status: number, errors: unknown, headers?: Record<string, string>): FakeResponse => ({
  status,
  body: { errors },
  headers,
});

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit') return fail(429, 'Too Many Requests', { 'retry-after': String(retryAfter) });
  if (failure === 'auth') return fail(401, 'Token inválido');
  if (failure === 'recipient') return fail(422, { name: ['não pode ficar em branco'] });
  return fail(500, 'Internal Server Error');
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

const listOf = <T>(
  value: unknown,
  pick: (entry: Record<string, unknown>) => T | undefined,
): T[] | undefined =>
  Array.isArray(value) ? value.flatMap((entry) => pick(fieldsOf(entry)) ?? []) : undefined;

const digits = (value: string) => value.replace(/\D/g, '');

/** An ObjectId: 4 bytes of Unix seconds, then a counter, so later records sort after earlier ones. */
const objectId = (context: FakeContext) =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + context.nextId().toString(16).padStart(16, '0');

export class FakeRdStationCrm {
  private readonly accounts = new Map<string, Account>();

  account(token: string): Account {
    let account = this.accounts.get(token);
    if (!account) {
      account = { contacts: new Map(), deals: new Map(), activities: [] };
      this.accounts.set(token, account);
    }
    return account;
  }

  contacts(token: string): RdCrmContact[] {
    return [...this.account(token).contacts.values()];
  }

  deals(token: string): RdCrmDeal[] {
    return [...this.account(token).deals.values()];
  }

  activities(token: string): RdCrmActivity[] {
    return [...this.account(token).activities];
  }

  /** A salesperson adds a contact (and optionally its deals) in RD Station CRM's own UI. */
  addContact(
    token: string,
    input: {
      _id: string;
      name: string;
      email?: string;
      phone?: string;
      deals?: { _id: string; name: string }[];
    },
  ): RdCrmContact {
    const account = this.account(token);
    for (const entry of input.deals ?? []) saveDeal(account, entry._id, entry.name);
    return saveContact(account, input._id, {
      name: input.name,
      emails: input.email ? [{ email: input.email }] : [],
      phones: input.phone ? [{ phone: input.phone }] : [],
      deal_ids: (input.deals ?? []).map((entry) => entry._id),
    });
  }

  /** A salesperson edits a contact in RD Station CRM's own UI (only the fields given change). */
  editContact(token: string, _id: string, input: { name?: string; email?: string; phone?: string }) {
    const account = this.account(token);
    const before = account.contacts.get(_id);
    if (!before) throw new Error(`no RD Station CRM contact ${_id}`);
    return saveContact(
      account,
      _id,
      {
        ...(input.name ? { name: input.name } : {}),
        ...(input.email ? { emails: [{ email: input.email }] } : {}),
        ...(input.phone ? { phones: [{ phone: input.phone }] } : {}),
      },
      before,
    );
  }

  reset(): void {
    this.accounts.clear();
  }
}

const MAX_LIMIT = 200;
const ORDERS = new Set(['name', 'created_at', 'updated_at']);

/** The listing's `order`/`direction` and `page`/`limit`; `has_more` when a later page has contacts. */
function pageOf(found: RdCrmContact[], query: FakeRequest['query']) {
  const order = ORDERS.has(query.order ?? '')
    ? (query.order as 'name' | 'created_at' | 'updated_at')
    : undefined;
  const sorted = order
    ? [...found].sort((a, b) => a[order].localeCompare(b[order]) * (query.direction === 'desc' ? -1 : 1))
    : found;
  const limit = Math.min(Math.max(Number(query.limit) || 20, 1), MAX_LIMIT);
  const page = Math.max(Number(query.page) || 1, 1);
  return {
    contacts: sorted.slice((page - 1) * limit, page * limit),
    total: sorted.length,
    has_more: page * limit < sorted.length,
  };
}

function saveDeal(account: Account, _id: string, name: string): RdCrmDeal {
  const now = new Date().toISOString();
  const saved: RdCrmDeal = { _id, id: _id, name, win: null, hold: null, created_at: now, updated_at: now };
  account.deals.set(_id, saved);
  return saved;
}

function saveContact(account: Account, _id: string, fields: Record<string, unknown>, before?: RdCrmContact) {
  const now = new Date().toISOString();
  const saved: RdCrmContact = {
    _id,
    id: _id,
    name: text(fields.name) ?? before?.name ?? '',
    emails:
      listOf(fields.emails, (entry) =>
        text(entry.email) ? { email: String(entry.email).trim() } : undefined,
      ) ??
      before?.emails ??
      [],
    phones:
      listOf(fields.phones, (entry) =>
        text(entry.phone)
          ? { phone: String(entry.phone).trim(), type: text(entry.type) ?? 'cellphone' }
          : undefined,
      ) ??
      before?.phones ??
      [],
    deal_ids: Array.isArray(fields.deal_ids)
      ? fields.deal_ids.filter((id): id is string => typeof id === 'string')
      : (before?.deal_ids ?? []),
    organization_id: before?.organization_id ?? null,
    notes: before?.notes ?? null,
    created_at: before?.created_at ?? now,
    updated_at: now,
  };
  account.contacts.set(_id, saved);
  return saved;
}

const ok = (status: number, body: unknown): FakeResponse => ({ status, body });

/** `?email=` and `?phone=` match exactly (the phone by its digits, a stored +55 included); `q` by name or e-mail. */
function searchContacts(contacts: RdCrmContact[], query: FakeRequest['query']): RdCrmContact[] {
  const email = query.email?.toLowerCase();
  const phone = query.phone ? digits(query.phone) : undefined;
  const q = query.q?.toLowerCase();
  return contacts.filter(
    (entry) =>
      (email === undefined || entry.emails.some((item) => item.email.toLowerCase() === email)) &&
      (phone === undefined ||
        (phone.length > 0 &&
          entry.phones.some((item) => {
            const stored = digits(item.phone);
            return stored === phone || stored.endsWith(phone);
          }))) &&
      (q === undefined ||
        entry.name.toLowerCase().includes(q) ||
        entry.emails.some((item) => item.email.toLowerCase().includes(q))),
  );
}

export function handleRdStationCrm(
  fake: FakeRdStationCrm,
  request: FakeRequest,
  context: FakeContext,
): FakeResult {
  const write = request.method !== 'GET';
  const queued = context.takeFailure('rdstation');
  // The API's limits count every method, searches included; a failure asked for is always in the log.
  if (queued) return { response: failureResponse(queued.failure, queued.retryAfter), recorded: true };
  const token = request.query.token;
  if (!token) return { response: fail(401, 'Token inválido'), recorded: write };
  const account = fake.account(token);
  const body = fieldsOf(request.body);
  const [, resource, rawId] = request.path.split('/').map((part) => decodeURIComponent(part));

  if (resource === 'contacts') {
    if (!rawId) {
      if (request.method === 'GET') {
        const found = searchContacts(fake.contacts(token), request.query);
        // The poll's listing (sorted by update) is logged; the searches before a write are not.
        return {
          response: ok(200, pageOf(found, request.query)),
          recorded: request.query.order !== undefined,
        };
      }
      if (request.method === 'POST') {
        const fields = fieldsOf(body.contact);
        if (!text(fields.name))
          return { response: fail(422, { name: ['não pode ficar em branco'] }), recorded: true };
        return { response: ok(200, saveContact(account, objectId(context), fields)), recorded: true };
      }
    }
    const found = rawId ? account.contacts.get(rawId) : undefined;
    if (!found) return { response: fail(404, 'Not Found'), recorded: write };
    if (request.method === 'GET') return { response: ok(200, found), recorded: false };
    if (request.method === 'PUT') {
      const fields = fieldsOf(body.contact);
      const unknownDeal = Array.isArray(fields.deal_ids)
        ? fields.deal_ids.find((id) => typeof id !== 'string' || !account.deals.has(id))
        : undefined;
      if (unknownDeal !== undefined)
        return { response: fail(422, { deal_ids: ['negociação não encontrada'] }), recorded: true };
      return { response: ok(200, saveContact(account, found._id, fields, found)), recorded: true };
    }
  }
  if (resource === 'deals' && !rawId && request.method === 'POST') {
    const name = text(fieldsOf(body.deal).name);
    if (!name) return { response: fail(422, { name: ['não pode ficar em branco'] }), recorded: true };
    return { response: ok(200, saveDeal(account, objectId(context), name)), recorded: true };
  }
  if (resource === 'activities' && !rawId && request.method === 'POST') {
    const fields = fieldsOf(body.activity);
    const dealId = text(fields.deal_id);
    if (!dealId || !account.deals.has(dealId)) return { response: fail(404, 'Not Found'), recorded: true };
    const now = new Date().toISOString();
    const _id = objectId(context);
    const activity: RdCrmActivity = {
      _id,
      id: _id,
      deal_id: dealId,
      text: text(fields.text) ?? '',
      user_id: text(fields.user_id),
      date: now,
      created_at: now,
    };
    account.activities.push(activity);
    return { response: ok(200, activity), recorded: true };
  }
  return { response: fail(404, 'Not Found'), recorded: false };
}
