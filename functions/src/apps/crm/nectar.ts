import * as z from 'zod';
import { providerBaseUrl } from '../../channels/providers.ts';
import { type SafeResponse } from '../../lib/safe-fetch.ts';
import { plainText } from './agendor.ts';
import {
  brazilianNationalDigits,
  crmFailure,
  type CrmClient,
  type CrmPerson,
  type RemotePerson,
  crmCaller,
} from './client.ts';

/**
 * Nectar CRM API 1 (github.com/ColmeiaSolucoes/nectarcrm-api, docs.nectarcrm.apiary.io): the account's private
 * token (Configurações > Integrações) in the `Access-Token` header; contacts at `/contatos/` (`nome`, `emails`
 * and `telefones` as lists, `constante` 3 for a lead), searched with `GET /contatos/email/{email}` and
 * `/contatos/telefone/{digits}`, answering lists; tasks at `/tarefas/` (`titulo`, `descricao`, `cliente: {id}`,
 * `status` 1 = concluída, `tipo` 0 = comum). The listing `GET /contatos/` pages with `page` and `displayLength`
 * (at most 200) and filters by `dataInicioAtualizacao` (a day, dd/MM/yyyy); each contato carries its
 * `dataAtualizacao`. 401 for a bad token or parameter, 404 for a record gone, 5xx on
 * its side; a 429 (with `Retry-After`) when over the account's request rate. PROVIDER_BASE_URLS.nectar points
 * it at the sandbox locally.
 */
const DEFAULT_ROOT = 'https://app.nectarcrm.com.br/crm/api/1';

const contato = z.object({ id: z.number() }).loose();
const contatos = z.array(contato);
const listed = z.array(
  z
    .object({
      id: z.number(),
      nome: z.string().nullish(),
      emails: z.array(z.string()).nullish(),
      telefones: z.array(z.string()).nullish(),
      dataAtualizacao: z.string(),
    })
    .loose(),
);

const PAGE_SIZE = 200;
/** Pages read per poll; the rest waits for the next run. */
const MAX_PAGES = 10;

/**
 * The day filter as Nectar reads it (dd/MM/yyyy, its accounts' Brasília time), taken a day early so no time
 * zone drops a change made late on the mark's day; the exact cut is made on `dataAtualizacao`.
 */
export function nectarDay(since: string): string {
  const day = new Date(new Date(since).getTime() - 24 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
}

/** Nectar's constante for a lead (0 clientes, 1 prospects, 2 suspects, 3 leads). */
const LEAD = 3;
const TASK_DONE = 1;
const TASK_COMMON = 0;

export const nectarBaseUrl = () => (providerBaseUrl('nectar') ?? DEFAULT_ROOT).replace(/\/+$/, '');

const failure = (response: SafeResponse): Error =>
  crmFailure('nectar', response, (body) => {
    const parsed = z
      .object({ message: z.string().optional(), erro: z.string().optional() })
      .loose()
      .safeParse(body);
    return parsed.success ? (parsed.data.message ?? parsed.data.erro) : undefined;
  });

const contatoBody = (person: CrmPerson, create: boolean) => ({
  nome: person.name,
  ...(person.email ? { emails: [person.email] } : {}),
  ...(person.phone ? { telefones: [brazilianNationalDigits(person.phone)] } : {}),
  ...(create ? { constante: LEAD } : {}),
});

export function nectarClient(credentials: { token: string }): CrmClient {
  const base = nectarBaseUrl();
  const call = crmCaller({
    name: 'nectar',
    url: (path) => `${base}${path}`,
    headers: { 'access-token': credentials.token },
  });
  const search = async (path: string): Promise<string | undefined> => {
    const response = await call('GET', path);
    if (response.status === 404) return undefined;
    if (response.status !== 200) throw failure(response);
    const parsed = contatos.safeParse(JSON.parse(response.body));
    const id = parsed.success ? parsed.data[0]?.id : undefined;
    return id === undefined ? undefined : String(id);
  };
  return {
    /** The contact already holding the e-mail, else the phone (exact matches: no `*`). */
    async findPerson(person) {
      const byEmail = person.email
        ? await search(`/contatos/email/${encodeURIComponent(person.email)}`)
        : undefined;
      if (byEmail || !person.phone) return byEmail;
      return search(`/contatos/telefone/${encodeURIComponent(brazilianNationalDigits(person.phone))}`);
    },
    async createPerson(person) {
      const response = await call('POST', '/contatos/', contatoBody(person, true));
      if (response.status !== 200 && response.status !== 201) throw failure(response);
      return String(contato.parse(JSON.parse(response.body)).id);
    },
    async updatePerson(remoteId, person) {
      const response = await call(
        'PUT',
        `/contatos/${encodeURIComponent(remoteId)}`,
        contatoBody(person, false),
      );
      if (response.status === 404) return false;
      if (response.status !== 200) throw failure(response);
      return true;
    },
    /** A closed conversation is a task already done on the contact, its transcript the description. */
    async addNote(remoteId, html) {
      const response = await call('POST', '/tarefas/', {
        titulo: 'Atendimento encerrado',
        descricao: plainText(html),
        cliente: { id: Number(remoteId) },
        status: TASK_DONE,
        tipo: TASK_COMMON,
        dataLimite: new Date().toISOString(),
      });
      if (response.status !== 200 && response.status !== 201) throw failure(response);
    },
    /** `GET /contatos/?dataInicioAtualizacao=` page by page, then the exact cut on `dataAtualizacao`. */
    async changedSince(since) {
      // Nectar's dates are to the second: a change in the mark's own second is kept.
      const cut = Math.floor(new Date(since).getTime() / 1000) * 1000;
      const people: RemotePerson[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const query = new URLSearchParams({
          dataInicioAtualizacao: nectarDay(since),
          page: String(page),
          displayLength: String(PAGE_SIZE),
        });
        const response = await call('GET', `/contatos/?${query.toString()}`);
        if (response.status !== 200) throw failure(response);
        const found = listed.parse(JSON.parse(response.body));
        for (const entry of found) {
          if (new Date(entry.dataAtualizacao).getTime() < cut) continue;
          people.push({
            id: String(entry.id),
            name: entry.nome ?? undefined,
            email: entry.emails?.[0],
            phone: entry.telefones?.[0],
            updatedAt: entry.dataAtualizacao,
          });
        }
        if (found.length < PAGE_SIZE) break;
      }
      return people;
    },
  };
}
