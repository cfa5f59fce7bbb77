import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Nectar CRM API 1 (github.com/ColmeiaSolucoes/nectarcrm-api) under `/nectar`: contacts
 * (`/contatos/`, searched by `/contatos/email/{email}` and `/contatos/telefone/{digits}`, answering lists; the
 * listing paged by `page` and `displayLength` and filtered by `dataInicioAtualizacao`, a Brasília day
 * dd/MM/yyyy; dates written with Brasília's offset, `2016-03-11T10:00:00-03:00`) and
 * tasks (`/tarefas/`) of the account the `Access-Token` header (or `api_token` query) names. On demand: the
 * rate limit (429 with `Retry-After`), a revoked token (401), rejected fields (401, Nectar's answer to a bad
 * parameter) or an outage (500).
 */

export interface NectarContato {
  id: number;
  nome: string;
  emails: string[];
  telefones: string[];
  constante: number;
  ativo: boolean;
  dataCriacao: string;
  dataAtualizacao: string;
}

export interface NectarTarefa {
  id: number;
  titulo: string;
  descricao: string;
  cliente: { id: number; nome: string };
  status: number;
  tipo: number;
  dataLimite: string | null;
  dataCriacao: string;
}

interface Account {
  contatos: Map<number, NectarContato>;
  tarefas: NectarTarefa[];
}

const fail = (status: number, message: string, headers?: Record<string, string>): FakeResponse => ({
  status,
  body: { message },
  headers,
});

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit')
    return fail(429, 'Limite de requisições excedido.', { 'retry-after': String(retryAfter) });
  if (failure === 'auth') return fail(401, 'Token inválido.');
  if (failure === 'recipient') return fail(401, 'Parâmetro inválido: nome');
  return fail(500, 'Erro do servidor');
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.flatMap((entry) => (text(entry) ? [String(entry).trim()] : [])) : undefined;

export class FakeNectar {
  private readonly accounts = new Map<string, Account>();

  account(token: string): Account {
    let account = this.accounts.get(token);
    if (!account) {
      account = { contatos: new Map(), tarefas: [] };
      this.accounts.set(token, account);
    }
    return account;
  }

  contatos(token: string): NectarContato[] {
    return [...this.account(token).contatos.values()];
  }

  tarefas(token: string): NectarTarefa[] {
    return [...this.account(token).tarefas];
  }

  /** A salesperson adds a contact in Nectar's own UI. */
  addContato(token: string, input: { id: number; nome: string; email?: string; telefone?: string }) {
    return saveContato(this.account(token), input.id, {
      nome: input.nome,
      emails: input.email ? [input.email] : [],
      telefones: input.telefone ? [input.telefone] : [],
    });
  }

  /** A salesperson edits a contact in Nectar's own UI (only the fields given change). */
  editContato(token: string, id: number, input: { nome?: string; email?: string; telefone?: string }) {
    const account = this.account(token);
    const before = account.contatos.get(id);
    if (!before) throw new Error(`no Nectar contato ${id}`);
    return saveContato(
      account,
      id,
      {
        ...(input.nome ? { nome: input.nome } : {}),
        ...(input.email ? { emails: [input.email] } : {}),
        ...(input.telefone ? { telefones: [input.telefone] } : {}),
      },
      before,
    );
  }

  reset(): void {
    this.accounts.clear();
  }
}

const BRASILIA_OFFSET_MS = 3 * 3_600_000;

/** Nectar's dates: Brasília wall time with its offset, to the second. */
const brasilia = (at: Date) =>
  `${new Date(at.getTime() - BRASILIA_OFFSET_MS).toISOString().slice(0, 19)}-03:00`;

/** The Brasília day of a Nectar date, as `yyyy-MM-dd` (which sorts). */
const brasiliaDay = (value: string) =>
  new Date(new Date(value).getTime() - BRASILIA_OFFSET_MS).toISOString().slice(0, 10);

const MAX_DISPLAY_LENGTH = 200;

/** The listing: `dataInicioAtualizacao` (dd/MM/yyyy) keeps contatos updated on that Brasília day or later. */
function listContatos(contatos: NectarContato[], query: FakeRequest['query']): NectarContato[] {
  const from = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(query.dataInicioAtualizacao ?? '');
  const fromDay = from ? `${from[3]}-${from[2]}-${from[1]}` : undefined;
  const found = contatos.filter(
    (contato) => fromDay === undefined || brasiliaDay(contato.dataAtualizacao) >= fromDay,
  );
  const size = Math.min(Math.max(Number(query.displayLength) || 20, 1), MAX_DISPLAY_LENGTH);
  const page = Math.max(Number(query.page) || 1, 1);
  return found.slice((page - 1) * size, page * size);
}

function saveContato(account: Account, id: number, fields: Record<string, unknown>, before?: NectarContato) {
  const now = brasilia(new Date());
  const contato: NectarContato = {
    id,
    nome: text(fields.nome) ?? before?.nome ?? '',
    emails: strings(fields.emails) ?? before?.emails ?? [],
    telefones: strings(fields.telefones) ?? before?.telefones ?? [],
    constante: typeof fields.constante === 'number' ? fields.constante : (before?.constante ?? 3),
    ativo: true,
    dataCriacao: before?.dataCriacao ?? now,
    dataAtualizacao: now,
  };
  account.contatos.set(id, contato);
  return contato;
}

const ok = (status: number, body: unknown): FakeResponse => ({ status, body });

export function handleNectar(fake: FakeNectar, request: FakeRequest, context: FakeContext): FakeResult {
  const write = request.method !== 'GET';
  // Writes and the listing the poll reads fail on demand; the searches before a write do not.
  const listing = request.method === 'GET' && /^\/contatos\/?$/.test(request.path);
  const queued = write || listing ? context.takeFailure('nectar') : undefined;
  if (queued) return { response: failureResponse(queued.failure, queued.retryAfter), recorded: true };
  const token = request.headers['access-token'] ?? request.query.api_token;
  if (!token) return { response: fail(401, 'Token inválido.'), recorded: write };
  const account = fake.account(token);
  const fields = fieldsOf(request.body);
  const [, resource, first, second] = request.path.split('/').map((part) => decodeURIComponent(part));
  const rawId = first || undefined;

  if (resource === 'contatos') {
    if (request.method === 'GET' && (rawId === 'email' || rawId === 'telefone')) {
      const wanted = (second ?? '').toLowerCase();
      const found = fake
        .contatos(token)
        .filter((contato) =>
          (rawId === 'email' ? contato.emails : contato.telefones).some(
            (value) => value.toLowerCase() === wanted,
          ),
        );
      return { response: ok(200, found), recorded: false };
    }
    if (rawId === undefined) {
      if (request.method === 'GET')
        return { response: ok(200, listContatos(fake.contatos(token), request.query)), recorded: true };
      if (request.method === 'POST') {
        if (!text(fields.nome)) return { response: fail(401, 'Parâmetro inválido: nome'), recorded: true };
        return { response: ok(200, saveContato(account, context.nextId(), fields)), recorded: true };
      }
    }
    const contato = account.contatos.get(Number(rawId));
    if (!contato) return { response: fail(404, 'Registro não encontrado'), recorded: write };
    if (request.method === 'GET') return { response: ok(200, contato), recorded: false };
    if (request.method === 'PUT')
      return { response: ok(200, saveContato(account, contato.id, fields, contato)), recorded: true };
  }
  if (resource === 'tarefas' && rawId === undefined && request.method === 'POST') {
    const cliente = account.contatos.get(Number(fieldsOf(fields.cliente).id));
    if (!cliente) return { response: fail(404, 'Registro não encontrado'), recorded: true };
    const tarefa: NectarTarefa = {
      id: context.nextId(),
      titulo: text(fields.titulo) ?? '',
      descricao: text(fields.descricao) ?? '',
      cliente: { id: cliente.id, nome: cliente.nome },
      status: typeof fields.status === 'number' ? fields.status : 0,
      tipo: typeof fields.tipo === 'number' ? fields.tipo : 0,
      dataLimite: text(fields.dataLimite),
      dataCriacao: new Date().toISOString(),
    };
    account.tarefas.push(tarefa);
    return { response: ok(200, tarefa), recorded: true };
  }
  return { response: fail(404, 'Registro não encontrado'), recorded: false };
}
