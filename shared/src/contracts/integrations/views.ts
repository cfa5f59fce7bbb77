import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import {
  PROVIDER_INTEGRATION_TYPES,
  WHATSAPP_SESSION_STATES,
  WIDGET_DEFAULTS,
  widgetColor,
  widgetSettings,
} from './record-fields.ts';

/**
 * Channel integrations of a company (spec point 3: whatsapps, official_whatsapps, emails, telegrams,
 * instagrams, widgets). Each kind is one member of the discriminated unions below, keyed by `type`; the site
 * widget is the first, the providers of the channel-providers issue join as further members.
 */
export const INTEGRATION_TYPES = [
  'widget',
  'official',
  'messenger',
  'instagram',
  'telegram',
  'email',
  'unofficial',
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/**
 * Official WhatsApp providers as the channels API names them; `meta` is whatsapps_integrations_type 'official'
 * (spec point 3), the others keep their names there.
 */
export const OFFICIAL_PROVIDERS = ['meta', 'dialog', 'gupshup', 'motor'] as const;
export type OfficialProvider = (typeof OFFICIAL_PROVIDERS)[number];

/** The provider segment of an integration's webhook URL: `/api/webhooks/{provider}/{integrationId}`. */
export const WEBHOOK_PROVIDERS = [...OFFICIAL_PROVIDERS, 'messenger', 'instagram', 'telegram'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export const integrationLabel = z.string().trim().min(1).max(60);

export const createWidgetIntegrationBody = z.object({
  type: z.literal('widget'),
  label: integrationLabel,
  color: widgetColor.default(WIDGET_DEFAULTS.color),
  greeting: z.string().trim().max(280).default(''),
});

const secret = z.string().trim().min(1).max(2048);
const accountId = z.string().trim().min(1).max(64);
/** Digits of the business number, E.164 without '+'. */
const phoneDigits = z
  .string()
  .trim()
  .regex(/^\d{8,15}$/, { message: 'deve ter de 8 a 15 dígitos' });

/** Meta WhatsApp Cloud API, under the names Meta gives them; `waba_id` lets the templates sync. */
const cloudApiFields = {
  phone: phoneDigits,
  phone_number_id: accountId,
  access_token: secret,
  app_secret: secret,
  verify_token: secret,
  waba_id: accountId.optional(),
};

export const createMetaIntegrationBody = z.object({
  type: z.literal('official'),
  provider: z.literal('meta'),
  label: integrationLabel,
  ...cloudApiFields,
});

/** motor: assumed Cloud-API compatible at its own base URL (see functions/src/channels/motor/adapter.ts). */
export const createMotorIntegrationBody = z.object({
  type: z.literal('official'),
  provider: z.literal('motor'),
  label: integrationLabel,
  base_url: z.string().trim().url(),
  ...cloudApiFields,
});

export const createDialogIntegrationBody = z.object({
  type: z.literal('official'),
  provider: z.literal('dialog'),
  label: integrationLabel,
  phone: phoneDigits,
  api_key: secret,
  phone_number_id: accountId.optional(),
});

export const createGupshupIntegrationBody = z.object({
  type: z.literal('official'),
  provider: z.literal('gupshup'),
  label: integrationLabel,
  phone: phoneDigits,
  app_name: accountId,
  api_key: secret,
});

export const createOfficialIntegrationBody = z.discriminatedUnion('provider', [
  createMetaIntegrationBody,
  createDialogIntegrationBody,
  createGupshupIntegrationBody,
  createMotorIntegrationBody,
]);

const messagingFields = {
  label: integrationLabel,
  page_id: accountId,
  access_token: secret,
  app_secret: secret,
  verify_token: secret,
};

export const createMessengerIntegrationBody = z.object({ type: z.literal('messenger'), ...messagingFields });

export const createInstagramIntegrationBody = z.object({
  type: z.literal('instagram'),
  ...messagingFields,
  instagram_account_id: accountId.optional(),
});

export const createTelegramIntegrationBody = z.object({
  type: z.literal('telegram'),
  label: integrationLabel,
  bot_token: z
    .string()
    .trim()
    .regex(/^\d+:[\w-]+$/, { message: 'token do bot inválido' }),
  /** Telegram's webhook secret (1-256 of A-Z a-z 0-9 _ -); generated when absent. */
  secret_token: z
    .string()
    .regex(/^[\w-]{1,256}$/)
    .optional(),
});

export const createEmailIntegrationBody = z.object({
  type: z.literal('email'),
  label: integrationLabel,
  email: z.string().trim().toLowerCase().email(),
});

/**
 * The unofficial WhatsApp (whatsapps_integrations_type {product}): a session linked by scanning a QR code, so
 * there are no credentials to type; the session is started with `POST .../{id}/connect`.
 */
export const createUnofficialIntegrationBody = z.object({
  type: z.literal('unofficial'),
  label: integrationLabel,
});

export const createIntegrationBody = z.discriminatedUnion('type', [
  createWidgetIntegrationBody,
  createUnofficialIntegrationBody,
  createOfficialIntegrationBody,
  createMessengerIntegrationBody,
  createInstagramIntegrationBody,
  createTelegramIntegrationBody,
  createEmailIntegrationBody,
]);
export type CreateIntegrationBody = z.infer<typeof createIntegrationBody>;
export type CreateProviderIntegrationBody = Exclude<CreateIntegrationBody, { type: 'widget' | 'unofficial' }>;

/** Every credential name the API takes; an update may rotate any of them that its provider uses. */
export const CREDENTIAL_FIELDS = [
  'phone',
  'phone_number_id',
  'access_token',
  'app_secret',
  'verify_token',
  'waba_id',
  'base_url',
  'api_key',
  'app_name',
  'page_id',
  'instagram_account_id',
  'bot_token',
  'secret_token',
  'email',
] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/**
 * PATCH: a new label and/or rotated credentials (only the fields sent change; the server checks the result
 * against the provider's own schema and answers 400 naming the field). Widgets take their settings.
 */
export const updateIntegrationBody = z.strictObject({
  label: integrationLabel.optional(),
  color: widgetColor.optional(),
  greeting: z.string().trim().max(280).optional(),
  ...(Object.fromEntries(CREDENTIAL_FIELDS.map((field) => [field, secret.optional()])) as Record<
    CredentialField,
    z.ZodOptional<typeof secret>
  >),
});
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBody>;

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

/**
 * A provider integration. `credentials` shows what was saved with every secret masked to its last 4
 * characters ('••••abcd'); identifiers (phone, page_id, email ...) are shown whole.
 */
export const providerIntegrationView = z.object({
  ...integrationBase,
  type: z.enum(PROVIDER_INTEGRATION_TYPES),
  /** The official provider, or the type itself for the other channels. */
  provider: z.string(),
  /** Absolute URL the provider posts to (with `?token=` for providers that sign nothing); '' for e-mail. */
  webhookUrl: z.string(),
  credentials: z.record(z.string(), z.string()),
  /** When the provider was last heard from or its connection last changed. */
  connection_changed_at: z.string().optional(),
  /**
   * An e-mail address waiting for the code mailed to it (mailbox-confirmation.ts), absent once confirmed;
   * `receiving` is the address proven before, which keeps receiving and sending until then.
   */
  mailbox_confirmation: z
    .object({ address: z.string(), expires_at: z.string(), receiving: z.string().optional() })
    .optional(),
});
export type ProviderIntegrationView = z.infer<typeof providerIntegrationView>;

export const whatsappSessionView = z.object({
  state: z.enum(WHATSAPP_SESSION_STATES),
  /** The QR code text to render while `state` is `qr`. */
  qr: z.string().optional(),
  /** The linked phone (digits), once the session opened. */
  phone: z.string().optional(),
  changed_at: z.string().optional(),
});
export type WhatsappSessionView = z.infer<typeof whatsappSessionView>;

export const unofficialIntegrationView = z.object({
  ...integrationBase,
  type: z.literal('unofficial'),
  /** Digits of the linked number; '' until a phone scanned the QR. */
  phone: z.string(),
  session: whatsappSessionView.omit({ qr: true }),
});
export type UnofficialIntegrationView = z.infer<typeof unofficialIntegrationView>;

/** An integration as the API shows it: never a secret. */
export const integrationView = z.discriminatedUnion('type', [
  widgetIntegrationView,
  providerIntegrationView,
  unofficialIntegrationView,
]);
export type IntegrationView = z.infer<typeof integrationView>;

export const integrationIdParams = z.object({ id: objectId });
