import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import { isEmail } from '@atende/shared/rules/formats';
import { onResetClients } from '../lib/clients.ts';
import type { Key } from '../lib/dynamo/cursor.ts';
import { smartTagKeys } from '../smart-tags/keys.ts';
import { emailClaimKey, phoneClaimKey, customerEntity } from './entities.ts';
import { contactKeys } from './keys.ts';
import { TAG_BUDGET } from './search-limits.ts';
import { nameTokens } from './text.ts';

export interface ContactFilter {
  search?: string | undefined;
  tags: readonly string[];
  wallet?: string | undefined;
  smartTag?: string | undefined;
}

/**
 * Which index a listing reads ("driver"): an exact phone or e-mail claim; index items pointing at profiles
 * (a name token's prefix, a tag's members by name, a smart tag's members); or a GSI whose items are the
 * profiles themselves (every contact, a wallet's contacts, by name; projected whole, so nothing is read
 * twice). Whatever the driver does not narrow is checked on what it yields.
 */
export type Driver =
  | { kind: 'none' }
  | { kind: 'claim'; key: { pk: string; sk: string } }
  | {
      kind: 'index';
      pk: string;
      prefix?: string;
      /**
       * Items this driver may read for a first page before giving way to the name driver: a tag's members
       * read for a name within it (a small tag is read whole; a large one is left for the name's tokens).
       */
      budget?: number;
    }
  | { kind: 'profiles'; index: 'all' | 'wallet'; pk: string };

export type QueryDriver = Exclude<Driver, { kind: 'none' } | { kind: 'claim' }>;

export const isNameSearch = (search: string | undefined): search is string =>
  !!search?.trim() && !isEmail(search.trim()) && !/^[\d\s()+.-]+$/.test(search.trim());

/** The search's most telling word (the longest): its tokens' prefix range is the name driver. */
const leadingToken = (search: string) => [...nameTokens(search)].sort((a, b) => b.length - a.length)[0];

/**
 * Tags found too large to read whole for a name within them (company#tag → when), kept a minute per
 * container: a user typing a name sends one request per pause, and only the first reads the tag to learn it.
 * Only the choice of driver depends on it, never the answer.
 */
const largeTags = new Map<string, number>();
onResetClients(() => largeTags.clear());
const LARGE_TAG_TTL_MS = 60_000;

export function rememberLargeTag(companyId: string, tag: string): void {
  if (largeTags.size > 1000) largeTags.clear();
  largeTags.set(`${companyId}#${tag}`, Date.now());
}

const knownLarge = (companyId: string, tag: string) =>
  Date.now() - (largeTags.get(`${companyId}#${tag}`) ?? 0) < LARGE_TAG_TTL_MS;

const nameDriver = (companyId: string, token: string): QueryDriver => ({
  kind: 'index',
  pk: contactKeys.nameShard(companyId, token),
  prefix: token,
});

/**
 * The driver of a listing. A name within a tag reads the tag's members (in name order, the name checked on
 * their keys) when the tag is small, else the name's tokens (each carries its contact's tags); a cursor names
 * the partition it came from, so every page of one listing keeps its driver.
 */
export function driverOf(companyId: string, filter: ContactFilter, cursor: Key | undefined): Driver {
  const search = filter.search?.trim();
  if (search && isEmail(search)) {
    return { kind: 'claim', key: emailClaimKey(companyId, normalizeEmail(search)) };
  }
  if (search && /^[\d\s()+.-]+$/.test(search) && search.replace(/\D/g, '').length >= 8) {
    const phone = normalizePhone(search);
    return phone ? { kind: 'claim', key: phoneClaimKey(companyId, phone) } : { kind: 'none' };
  }
  const token = search && isNameSearch(search) ? leadingToken(search) : undefined;
  const [tag] = filter.tags;
  if (token && tag) {
    const members = contactKeys.tagMembers(companyId, tag);
    if (cursor ? cursor.pk === members : !knownLarge(companyId, tag)) {
      return { kind: 'index', pk: members, ...(cursor ? {} : { budget: TAG_BUDGET }) };
    }
    return nameDriver(companyId, token);
  }
  if (token) return nameDriver(companyId, token);
  if (tag) return { kind: 'index', pk: contactKeys.tagMembers(companyId, tag) };
  if (filter.smartTag) return { kind: 'index', pk: smartTagKeys.members(companyId, filter.smartTag) };
  if (filter.wallet) {
    const pk = customerEntity.partition('wallet', companyId, filter.wallet);
    return { kind: 'profiles', index: 'wallet', pk };
  }
  return { kind: 'profiles', index: 'all', pk: customerEntity.partition('all', companyId) };
}
