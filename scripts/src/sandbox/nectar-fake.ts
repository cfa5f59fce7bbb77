import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Nectar CRM API 1 (github.com/ColmeiaSolucoes/nectarcrm-api) under `/nectar`: contacts
 * (`/contatos/`, searched by `/contatos/email/{email}` and `/contatos/telefone/{digits}`, answering lists) and
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

  reset(): void {
    this.accounts.clear();
  }
}

function saveContato(account: Account, id: number, fields: Record<string, unknown>, before?: NectarContato) {
  const now = new Date().toISOString();
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
  const queued = write ? context.takeFailure('nectar') : undefined;
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
      if (request.method === 'GET') return { response: ok(200, fake.contatos(token)), recorded: false };
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
