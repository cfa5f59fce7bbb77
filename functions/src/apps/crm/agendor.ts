import * as z from 'zod';
import { providerBaseUrl } from '../../channels/providers.ts';
import { type SafeResponse } from '../../lib/safe-fetch.ts';
import { crmFailure, type CrmClient, type CrmPerson, type RemotePerson, crmCaller } from './client.ts';

/**
 * Agendor API v3 (api.agendor.com.br/docs): `Authorization: Token <token>` (the account's integration token,
 * Menu > Integrações); answers `{data}` (a list `{data: [...], meta, links}`), errors `{errors: [...]}`;
 * 401 for a bad token, 404 for a record gone, 422 for rejected fields, 429 over the account's rate limit
 * (`Retry-After`). People carry their channels under `contact` (`email`, `mobile`, `whatsapp`, `work`); a task
 * without a due date on a person is a comment in its history. Lists page with `page` and `per_page` (at most
 * 100) and take `since` (ISO 8601: records created or updated from then on, by `updatedAt`), `links.next` null on
 * the last page. PROVIDER_BASE_URLS.agendor points it at the sandbox locally.
 */
const DEFAULT_ROOT = 'https://api.agendor.com.br';

const one = z.object({ data: z.object({ id: z.number() }).loose() });
const list = z.object({ data: z.array(z.object({ id: z.number() }).loose()) });
const agendorPerson = z
  .object({
    id: z.number(),
    name: z.string().nullish(),
    contact: z
      .object({
        email: z.string().nullish(),
        mobile: z.string().nullish(),
        whatsapp: z.string().nullish(),
        work: z.string().nullish(),
      })
      .loose()
      .nullish(),
    updatedAt: z.string(),
  })
  .loose();
const peoplePage = z
  .object({
    data: z.array(agendorPerson),
    links: z.object({ next: z.string().nullish() }).loose().nullish(),
  })
  .loose();

const PAGE_SIZE = 100;
/** Pages read per poll; the rest waits for the next run (the mark only moves over what was read). */
const MAX_PAGES = 20;

/** The number the product chats with: WhatsApp first, then the mobile. */
const remoteOf = (person: z.infer<typeof agendorPerson>): RemotePerson => ({
  id: String(person.id),
  name: person.name ?? undefined,
  email: person.contact?.email ?? undefined,
  phone: person.contact?.whatsapp ?? person.contact?.mobile ?? undefined,
  updatedAt: person.updatedAt,
});
const errorBody = z.object({
  errors: z.array(z.union([z.string(), z.object({ message: z.string() }).loose()])),
});

export const agendorBaseUrl = () => `${(providerBaseUrl('agendor') ?? DEFAULT_ROOT).replace(/\/+$/, '')}/v3`;

const failure = (response: SafeResponse): Error =>
  crmFailure('agendor', response, (body) => {
    const parsed = errorBody.safeParse(body);
    const first = parsed.success ? parsed.data.errors[0] : undefined;
    return typeof first === 'string' ? first : first?.message;
  });

/** A Brazilian mobile goes to both `mobile` and `whatsapp`: the product only knows numbers it chats with. */
const personBody = (person: CrmPerson) => ({
  name: person.name,
  contact: {
    ...(person.email ? { email: person.email } : {}),
    ...(person.phone ? { mobile: person.phone, whatsapp: person.phone } : {}),
  },
});

/** Agendor's history takes plain text: the transcript's HTML lines become text lines. */
export const plainText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function agendorClient(credentials: { token: string }): CrmClient {
  const base = agendorBaseUrl();
  const call = crmCaller({
    name: 'agendor',
    url: (path) => `${base}${path}`,
    headers: { authorization: `Token ${credentials.token}` },
  });
  const idOf = (response: SafeResponse) => String(one.parse(JSON.parse(response.body)).data.id);
  return {
    /** `GET /people?email=`: the person already holding the contact's e-mail (Agendor has no phone filter). */
    async findPerson(person) {
      if (!person.email) return undefined;
      const response = await call(
        'GET',
        `/people?${new URLSearchParams({ email: person.email }).toString()}`,
      );
      if (response.status !== 200) throw failure(response);
      const found = list.safeParse(JSON.parse(response.body));
      const id = found.success ? found.data.data[0]?.id : undefined;
      return id === undefined ? undefined : String(id);
    },
    async createPerson(person) {
      const response = await call('POST', '/people', personBody(person));
      if (response.status !== 201 && response.status !== 200) throw failure(response);
      return idOf(response);
    },
    async updatePerson(remoteId, person) {
      const response = await call('PUT', `/people/${encodeURIComponent(remoteId)}`, personBody(person));
      if (response.status === 404) return false;
      if (response.status !== 200) throw failure(response);
      return true;
    },
    async addNote(remoteId, html) {
      const response = await call('POST', `/people/${encodeURIComponent(remoteId)}/tasks`, {
        text: plainText(html),
      });
      if (response.status !== 201 && response.status !== 200) throw failure(response);
    },
    /** `GET /people?since=` page by page. */
    async changedSince(since) {
      const people: RemotePerson[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ since, page: String(page), per_page: String(PAGE_SIZE) });
        const response = await call('GET', `/people?${query.toString()}`);
        if (response.status !== 200) throw failure(response);
        const parsed = peoplePage.parse(JSON.parse(response.body));
        people.push(...parsed.data.map(remoteOf));
        if (!parsed.links?.next || parsed.data.length < PAGE_SIZE) break;
      }
      return people;
    },
  };
}
