import type { ChannelType } from '@atende/shared/channels/inbound';
import type { CompanyItem } from '../company/store.ts';

/** A channel integration of the company, as the engine and the senders need it. */
export interface IntegrationInfo {
  id: string;
  channel: ChannelType;
  label: string;
  /** Whether it can carry messages now (a WhatsApp session may be disconnected). */
  connection: boolean;
  /** The WhatsApp provider kind (whatsapps_integrations_type: gupshup, motor ...), when known. */
  type: string | undefined;
  /** The stored entry, secrets included: for the channel's sender only. */
  entry: Record<string, unknown>;
}

/** Where spec point 3 keeps each channel's integrations on the company record. */
const SOURCES: Record<ChannelType, readonly string[]> = {
  widget: ['widgets'],
  whatsapp: ['whatsapps'],
  official: ['official_whatsapps'],
  messenger: ['messengers'],
  instagram: ['instagrams'],
  telegram: ['telegrams'],
  email: ['emails'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function entryIn(source: unknown, id: string): Record<string, unknown> | undefined {
  if (Array.isArray(source)) {
    return source.find((entry): entry is Record<string, unknown> => isRecord(entry) && entry._id === id);
  }
  if (!isRecord(source)) return undefined;
  const entry = source[id] ?? source[`integration-${id}`];
  return isRecord(entry) ? entry : undefined;
}

export function findIntegration(
  company: CompanyItem,
  channel: ChannelType,
  id: string,
): IntegrationInfo | undefined {
  for (const attribute of SOURCES[channel]) {
    const entry = entryIn(company[attribute], id);
    if (!entry) continue;
    const whatsapp = channel === 'whatsapp' || channel === 'official';
    const companyType = company.whatsapps_integrations_type;
    const type =
      typeof entry.type === 'string'
        ? entry.type
        : whatsapp && typeof companyType === 'string'
          ? companyType
          : undefined;
    return {
      id,
      channel,
      label: typeof entry.label === 'string' ? entry.label : id,
      connection: whatsapp ? entry.connection === true : entry.connection !== false,
      type,
      entry,
    };
  }
  return undefined;
}
