import * as z from 'zod';
import { OFFICIAL_WHATSAPP_PROVIDERS, WHATSAPP_INTEGRATION_TYPES } from './constants.ts';

export const whatsappIntegrationTypeSchema = z.enum(WHATSAPP_INTEGRATION_TYPES);
export type WhatsappIntegrationType = z.infer<typeof whatsappIntegrationTypeSchema>;

export function isOfficialWhatsappProvider(type: string): boolean {
  return (OFFICIAL_WHATSAPP_PROVIDERS as readonly string[]).includes(type);
}

/** Keys of the whatsapps / official_whatsapps maps: 'integration-{id}'. */
export const integrationKeySchema = z.string().regex(/^integration-.+$/);

export function integrationKey(id: string): string {
  return `integration-${id}`;
}

/** Spec point 3, WhatsApp integration entries; connection is true while the provider session is connected. */
export const whatsappIntegrationSchema = z.object({
  label: z.string().min(1),
  phone: z.string().default(''),
  access_token: z.string().optional(),
  connection: z.boolean().default(false),
  session: z.string().optional(),
  app: z.string().optional(),
});
export type WhatsappIntegration = z.infer<typeof whatsappIntegrationSchema>;

/** Telegram, Instagram, e-mail and widget entries. */
export const channelIntegrationSchema = z.object({
  label: z.string().min(1),
  access_token: z.string().optional(),
  email: z.string().optional(),
});
export type ChannelIntegration = z.infer<typeof channelIntegrationSchema>;

export const whatsappIntegrationMapSchema = z.record(integrationKeySchema, whatsappIntegrationSchema);
export const channelIntegrationMapSchema = z.record(z.string(), channelIntegrationSchema);

/** The UI offers only integrations that hold an access token (spec point 3). */
export function offeredIntegrations<T extends { access_token?: string | undefined }>(
  entries: Record<string, T>,
): [string, T][] {
  return Object.entries(entries).filter(([, entry]) => Boolean(entry.access_token));
}
