import { z } from 'zod';
import { objectId } from '../../domain/object-id.ts';

/**
 * Channel integrations of a company (spec point 3: whatsapps, official_whatsapps, emails, telegrams,
 * instagrams, widgets). Each kind is one member of the discriminated unions below, keyed by `type`; the site
 * widget is the first, the providers of the channel-providers issue join as further members.
 */
export const INTEGRATION_TYPES = ['widget'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const integrationLabel = z.string().trim().min(1).max(60);

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

export const createWidgetIntegrationBody = z.object({
  type: z.literal('widget'),
  label: integrationLabel,
  color: widgetColor.default(WIDGET_DEFAULTS.color),
  greeting: z.string().trim().max(280).default(''),
});

export const createIntegrationBody = z.discriminatedUnion('type', [createWidgetIntegrationBody]);
export type CreateIntegrationBody = z.infer<typeof createIntegrationBody>;

const integrationBase = {
  _id: objectId,
  label: z.string(),
  created_at: z.string(),
  /** Whether the integration can carry messages; the UI lists offer only connected ones (spec point 5). */
  connection: z.boolean(),
};

export const widgetIntegrationView = z.object({
  ...integrationBase,
  type: z.literal('widget'),
  settings: widgetSettings,
  embed: z.object({
    /** Absolute URL of the script. */
    script_url: z.string(),
    /** What the company pastes in its site. */
    snippet: z.string(),
  }),
});
export type WidgetIntegrationView = z.infer<typeof widgetIntegrationView>;

/** An integration as the API shows it: never a secret. */
export const integrationView = z.discriminatedUnion('type', [widgetIntegrationView]);
export type IntegrationView = z.infer<typeof integrationView>;

export const integrationIdParams = z.object({ id: objectId });
