import * as z from 'zod';

// What an integration record holds beside its credentials, apart from views.ts: the stores parse records with
// these alone, without bundling every route's bodies and views.

/** The integration types that carry a provider's credentials (every one but the widget). */
export const PROVIDER_INTEGRATION_TYPES = [
  'official',
  'messenger',
  'instagram',
  'telegram',
  'email',
] as const;
export type ProviderIntegrationType = (typeof PROVIDER_INTEGRATION_TYPES)[number];

/** A CSS hex colour (#rgb or #rrggbb): the widget's bubble and header. */
export const widgetColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'deve ser uma cor hexadecimal (#RRGGBB)' });

export const WIDGET_DEFAULTS = { color: '#1677ff' } as const;

export const widgetSettings = z.object({
  color: widgetColor,
  /** First line the panel shows; the widget's pt-BR default when empty. */
  greeting: z.string().trim().max(280),
});
export type WidgetSettings = z.infer<typeof widgetSettings>;

/**
 * States of an unofficial WhatsApp session (the company entry's `session` field): `idle` never linked or
 * logged out (a new QR is needed), `connecting`, `qr` waiting for the phone to scan, `open` connected,
 * `closed` dropped and being reconnected with the stored link.
 */
export const WHATSAPP_SESSION_STATES = ['idle', 'connecting', 'qr', 'open', 'closed'] as const;
export type WhatsappSessionState = (typeof WHATSAPP_SESSION_STATES)[number];
