import type { CustomerChannel } from '@atende/shared/domain/customer';
import { offeredIntegrations } from '@atende/shared/domain/integrations';
import { ptBR } from '@atende/shared/i18n/pt-BR';

/**
 * Spec point 2: the badge of the contact's current channel, read from the stored customer ('Desconhecido' for
 * invalid, 'Erro', 'Validando' while undefined, WhatsApp, or the other messaging channel).
 */
export function channelBadgeLabel(channel: CustomerChannel): string {
  return ptBR.channelBadge[channel];
}

export function badgeColor(channel: CustomerChannel): string {
  switch (channel) {
    case 'whatsapp':
      return 'green';
    case 'invalid':
      return 'default';
    case 'error':
      return 'red';
    case 'undefined':
      return 'gold';
    default:
      return 'blue';
  }
}

const isEntry = (value: unknown): value is { label?: unknown; access_token?: unknown } =>
  typeof value === 'object' && value !== null;

/**
 * The dropdown of WhatsApp integrations: unofficial and official, only those holding an access token (spec
 * point 3), keyed by the id without the "integration-" prefix the PUT expects.
 */
export function whatsappIntegrationOptions(company: {
  whatsapps: Record<string, unknown>;
  official_whatsapps: Record<string, unknown>;
}): { value: string; label: string }[] {
  const entries: Record<string, { label: string; access_token?: string }> = {};
  for (const [key, value] of [
    ...Object.entries(company.whatsapps),
    ...Object.entries(company.official_whatsapps),
  ]) {
    if (!isEntry(value)) continue;
    entries[key] = {
      label: typeof value.label === 'string' ? value.label : key,
      ...(typeof value.access_token === 'string' && { access_token: value.access_token }),
    };
  }
  return offeredIntegrations(entries).map(([key, entry]) => ({
    value: key.replace(/^integration-/, ''),
    label: entry.label,
  }));
}
