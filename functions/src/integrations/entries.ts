import type { IntegrationType } from '@atende/shared/contracts/integrations/views';
import { integrationKey } from '@atende/shared/domain/integrations';
import * as z from 'zod';
import type { CompanyItem } from '../company/store.ts';
import { maskSecret } from './sealed.ts';
import { COMPANY_MAP } from './keys.ts';
import type { Provider, ProviderIntegrationRecord } from './records.ts';

const companyEntries = z.record(z.string(), z.record(z.string(), z.unknown())).catch({});

/** The company's map of one integration type (spec point 3), as stored. */
export function entriesOf(company: CompanyItem, record: { type: IntegrationType }) {
  return companyEntries.parse(company[COMPANY_MAP[record.type]] ?? {});
}

/** Spec point 3 whatsapps_integrations_type: Meta's Cloud API is 'official', the others keep their names. */
export const whatsappIntegrationType = (provider: Provider) => (provider === 'meta' ? 'official' : provider);

const TOKEN_FIELDS = ['access_token', 'api_key', 'bot_token'] as const;

/**
 * The company record's entry of a provider integration (spec point 3): label, phone or address, the
 * connection, and `access_token` holding only a masked value — its presence is what the UI lists check
 * (spec point 5); the secret itself stays sealed in the integration item.
 */
export function providerEntry(
  record: ProviderIntegrationRecord,
  credentials: Record<string, string>,
): Record<string, unknown> {
  const token = TOKEN_FIELDS.map((field) => credentials[field]).find(Boolean) ?? record._id;
  return {
    label: record.label,
    access_token: maskSecret(token),
    connection: record.connection,
    ...(record.type === 'official'
      ? { type: whatsappIntegrationType(record.provider), phone: credentials.phone ?? '' }
      : {}),
    ...(record.type === 'email' ? { email: credentials.email } : {}),
    ...(record.type === 'messenger' || record.type === 'instagram' ? { page_id: credentials.page_id } : {}),
  };
}

/** The entries of `record`'s type with its entry set (or removed when `entry` is undefined). */
export function withEntry(
  company: CompanyItem,
  record: { _id: string; type: IntegrationType },
  entry: Record<string, unknown> | undefined,
): Record<string, Record<string, unknown>> {
  const { [integrationKey(record._id)]: _previous, ...rest } = entriesOf(company, record);
  return entry ? { ...rest, [integrationKey(record._id)]: entry } : rest;
}

/**
 * whatsapps_integrations_type after a change of the official entries: the type of the newest remaining
 * official integration; unchanged when none remains (the unofficial session keeps its own kind).
 */
export function officialTypeAfter(
  company: CompanyItem,
  officials: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  // Keys end in time-ordered object ids: the last key is the newest integration.
  const types = Object.entries(officials)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, entry]) => entry.type)
    .filter((type): type is string => typeof type === 'string');
  const latest = types.at(-1);
  return latest && company.whatsapps_integrations_type !== latest
    ? { whatsapps_integrations_type: latest }
    : {};
}
