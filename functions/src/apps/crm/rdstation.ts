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
 * RD Station CRM API v1 (developers.rdstation.com, "RD Station CRM"): the account user's token (Perfil > Token
 * da instância) as the `token` query parameter of every call. Contacts at `/contacts`: searched with
 * `GET /contacts?email=` or `?phone=` (`{contacts: [...], total, has_more}`), created with
 * `POST /contacts {contact: {name, emails: [{email}], phones: [{phone, type}]}}`, updated with
 * `PUT /contacts/:id {contact: {...}}`, each answering the contact (`_id`, `deal_ids`, ...). Deals at
 * `POST /deals {deal: {name}}`; annotations (anotações) at `POST /activities {activity: {deal_id, text}}`.
 * Changed contacts are read from the listing sorted by `order=updated_at&direction=desc` (`page`, `limit` up to
 * 200, `has_more`), until one older than the mark. Ids are 24-hex ObjectIds. 401 for a bad token, 404 for a record gone, 422 `{errors}` for rejected fields, 5xx
 * on its side; past 120 requests a minute per account a 429 with `Retry-After` (seconds) — the limit as RD's CRM
 * "Conceitos fundamentais" page states it (written for v2; v1 is handled the same way). Linking a deal through
 * the contact's `deal_ids` follows public v1 clients, not a page read here: checked only against the sandbox.
 * PROVIDER_BASE_URLS.rdstation points it at the sandbox locally.
 */
const DEFAULT_ROOT = 'https://crm.rdstation.com/api/v1';

const contact = z.object({ _id: z.string().min(1), deal_ids: z.array(z.string()).optional() }).loose();
const contactList = z.object({ contacts: z.array(contact) }).loose();
const deal = z.object({ _id: z.string().min(1) }).loose();
const listedContact = z
  .object({
    _id: z.string().min(1),
    name: z.string().nullish(),
    emails: z.array(z.object({ email: z.string() }).loose()).nullish(),
    phones: z.array(z.object({ phone: z.string() }).loose()).nullish(),
    updated_at: z.string(),
  })
  .loose();
const listedPage = z.object({ contacts: z.array(listedContact), has_more: z.boolean().optional() }).loose();

const PAGE_SIZE = 200;
/** Pages read per poll; the rest waits for the next run. */
const MAX_PAGES = 10;

export const rdStationCrmBaseUrl = () => (providerBaseUrl('rdstation') ?? DEFAULT_ROOT).replace(/\/+$/, '');

const failure = (response: SafeResponse): Error =>
  crmFailure('rdstation crm', response, (body) => {
    const parsed = z
      .object({ errors: z.unknown().optional(), error: z.string().optional() })
      .loose()
      .safeParse(body);
    const detail = parsed.success ? (parsed.data.errors ?? parsed.data.error) : undefined;
    return detail === undefined ? undefined : JSON.stringify(detail);
  });

const contactBody = (person: CrmPerson) => ({
  contact: {
    name: person.name,
    ...(person.email ? { emails: [{ email: person.email }] } : {}),
    ...(person.phone ? { phones: [{ phone: person.phone, type: 'cellphone' }] } : {}),
  },
});

/** ObjectIds begin with their creation time, so the greatest id is the most recent record. */
const mostRecent = (ids: readonly string[]) => [...ids].sort().at(-1);

export function rdStationCrmClient(credentials: { token: string }): CrmClient {
  const base = rdStationCrmBaseUrl();
  const call = crmCaller({
    name: 'rdstation crm',
    url: (path) => {
      const url = new URL(`${base}${path}`);
      url.searchParams.set('token', credentials.token);
      return url.toString();
    },
    headers: { accept: 'application/json' },
  });
  const search = async (field: 'email' | 'phone', value: string): Promise<string | undefined> => {
    const response = await call('GET', `/contacts?${new URLSearchParams({ [field]: value }).toString()}`);
    if (response.status !== 200) throw failure(response);
    const parsed = contactList.safeParse(JSON.parse(response.body));
    return parsed.success ? parsed.data.contacts[0]?._id : undefined;
  };
  const readContact = async (remoteId: string) => {
    const response = await call('GET', `/contacts/${encodeURIComponent(remoteId)}`);
    if (response.status !== 200) throw failure(response);
    return contact.parse(JSON.parse(response.body));
  };
  /**
   * A deal for the conversation when the contact has none: created, then tied to the contact through its
   * `deal_ids` (the v1 deal's own `contacts` list would create new contacts, not link the existing one).
   */
  const dealFor = async (remoteId: string, person: CrmPerson, dealIds: readonly string[]) => {
    const response = await call('POST', '/deals', { deal: { name: `Atendimento - ${person.name}` } });
    if (response.status !== 200 && response.status !== 201) throw failure(response);
    const created = deal.parse(JSON.parse(response.body))._id;
    const linked = await call('PUT', `/contacts/${encodeURIComponent(remoteId)}`, {
      contact: { deal_ids: [...dealIds, created] },
    });
    if (linked.status !== 200) throw failure(linked);
    return created;
  };
  return {
    /** The contact already holding the e-mail, else the phone. */
    async findPerson(person) {
      const byEmail = person.email ? await search('email', person.email) : undefined;
      if (byEmail || !person.phone) return byEmail;
      return search('phone', brazilianNationalDigits(person.phone));
    },
    async createPerson(person) {
      const response = await call('POST', '/contacts', contactBody(person));
      if (response.status !== 200 && response.status !== 201) throw failure(response);
      return contact.parse(JSON.parse(response.body))._id;
    },
    async updatePerson(remoteId, person) {
      const response = await call('PUT', `/contacts/${encodeURIComponent(remoteId)}`, contactBody(person));
      if (response.status === 404) return false;
      if (response.status !== 200) throw failure(response);
      return true;
    },
    /**
     * In RD Station CRM annotations (activities) hang on deals, never on a contact, and the contact's own `notes`
     * is one text a salesperson edits (a transcript there would overwrite theirs). So the transcript becomes an
     * annotation on the contact's most recent deal, where the salesperson follows the sale; a contact without
     * any deal gets one named after the conversation ("Atendimento - {name}", in the account's default funnel
     * stage) so the conversation still shows up in the funnel and the annotation has somewhere to live. A
     * redelivered event finds that deal through `deal_ids` and does not create another.
     */
    async addNote(remoteId, html, person) {
      const { deal_ids: dealIds = [] } = await readContact(remoteId);
      const dealId = mostRecent(dealIds) ?? (await dealFor(remoteId, person, dealIds));
      const response = await call('POST', '/activities', {
        activity: { deal_id: dealId, text: plainText(html) },
      });
      if (response.status !== 200 && response.status !== 201) throw failure(response);
    },
    /** Newest changes first, page by page, until a contact changed before `since`. */
    async changedSince(since) {
      const cut = new Date(since).getTime();
      const people: RemotePerson[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const query = new URLSearchParams({
          order: 'updated_at',
          direction: 'desc',
          page: String(page),
          limit: String(PAGE_SIZE),
        });
        const response = await call('GET', `/contacts?${query.toString()}`);
        if (response.status !== 200) throw failure(response);
        const parsed = listedPage.parse(JSON.parse(response.body));
        for (const entry of parsed.contacts) {
          if (new Date(entry.updated_at).getTime() < cut) return people;
          people.push({
            id: entry._id,
            name: entry.name ?? undefined,
            email: entry.emails?.[0]?.email,
            phone: entry.phones?.[0]?.phone,
            updatedAt: entry.updated_at,
          });
        }
        if (!parsed.has_more) break;
      }
      return people;
    },
  };
}
