import type { IntegrationType, OfficialProvider } from '@atende/shared/contracts/integrations/views';
import { isEmail, isUrl } from '@atende/shared/rules/formats';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const labels = ptBR.channelsScreens;

export type ChannelType = IntegrationType;

/** The kinds the channels page offers, official WhatsApp first (spec point 3). */
export const CHANNEL_TYPES: readonly ChannelType[] = [
  'official',
  'unofficial',
  'messenger',
  'instagram',
  'telegram',
  'email',
  'widget',
];

export type FieldName = Exclude<keyof typeof labels.fields, 'label'>;

export interface ChannelField {
  name: FieldName;
  /** Write-only: never shown again after saving, replaced explicitly when editing. */
  secret: boolean;
  required: boolean;
  /** The format problem of a non-blank value, if any. */
  check?: (value: string) => string | undefined;
  learnMore?: string;
  multiline?: boolean;
}

const pattern =
  (regex: RegExp, message: string) =>
  (value: string): string | undefined =>
    regex.test(value) ? undefined : message;

const PHONE = pattern(/^\d{8,15}$/, labels.invalid.phone);
const URL_CHECK = (value: string) => (isUrl(value) ? undefined : labels.invalid.url);
const EMAIL_CHECK = (value: string) => (isEmail(value) ? undefined : labels.invalid.email);

const META_DOCS = 'https://developers.facebook.com/docs/whatsapp/cloud-api/get-started';
const META_WEBHOOK_DOCS = 'https://developers.facebook.com/docs/graph-api/webhooks/getting-started';
const MESSENGER_DOCS = 'https://developers.facebook.com/docs/messenger-platform/webhooks';
const INSTAGRAM_DOCS = 'https://developers.facebook.com/docs/instagram-platform/webhooks';
const DIALOG_DOCS = 'https://docs.360dialog.com/';
const GUPSHUP_DOCS = 'https://docs.gupshup.io/';
const TELEGRAM_DOCS = 'https://core.telegram.org/bots/api#setwebhook';

const field = (name: FieldName, options: Partial<Omit<ChannelField, 'name'>> = {}): ChannelField => ({
  name,
  secret: false,
  required: true,
  ...options,
});

const cloudApiFields = (docs: string): ChannelField[] => [
  field('phone', { check: PHONE }),
  field('phone_number_id', { learnMore: docs }),
  field('access_token', { secret: true, learnMore: docs }),
  field('app_secret', { secret: true, learnMore: docs }),
  field('verify_token', { secret: true, learnMore: META_WEBHOOK_DOCS }),
  field('waba_id', { required: false, learnMore: docs }),
];

const OFFICIAL_FIELDS: Record<OfficialProvider, ChannelField[]> = {
  meta: cloudApiFields(META_DOCS),
  dialog: [
    field('phone', { check: PHONE }),
    field('api_key', { secret: true, learnMore: DIALOG_DOCS }),
    field('phone_number_id', { required: false }),
  ],
  gupshup: [
    field('phone', { check: PHONE }),
    field('app_name', { learnMore: GUPSHUP_DOCS }),
    field('api_key', { secret: true, learnMore: GUPSHUP_DOCS }),
  ],
  // Motor is assumed Cloud-API compatible at its own base URL (see functions/src/channels/motor).
  motor: [field('base_url', { check: URL_CHECK }), ...cloudApiFields(META_DOCS)],
};

const metaMessagingFields = (docs: string): ChannelField[] => [
  field('page_id', { learnMore: docs }),
  field('access_token', { secret: true, learnMore: docs }),
  field('app_secret', { secret: true, learnMore: docs }),
  field('verify_token', { secret: true, learnMore: META_WEBHOOK_DOCS }),
];

const OTHER_FIELDS: Record<Exclude<ChannelType, 'official'>, ChannelField[]> = {
  messenger: metaMessagingFields(MESSENGER_DOCS),
  instagram: [...metaMessagingFields(INSTAGRAM_DOCS), field('instagram_account_id', { required: false })],
  telegram: [
    field('bot_token', {
      secret: true,
      check: pattern(/^\d+:[\w-]+$/, labels.invalid.botToken),
      learnMore: TELEGRAM_DOCS,
    }),
    field('secret_token', {
      secret: true,
      required: false,
      check: pattern(/^[\w-]{1,256}$/, labels.invalid.secretToken),
      learnMore: TELEGRAM_DOCS,
    }),
  ],
  email: [field('email', { check: EMAIL_CHECK })],
  // Linked by scanning a QR code after creation: nothing to type but the label.
  unofficial: [],
  widget: [
    field('color', { check: pattern(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, labels.invalid.color) }),
    field('greeting', { required: false, multiline: true }),
  ],
};

export interface ChannelChoice {
  type: ChannelType;
  /** Only for the official WhatsApp type. */
  provider?: OfficialProvider;
}

/** The credential fields of a channel kind, in the order the form shows them. */
export function channelFields(choice: ChannelChoice): readonly ChannelField[] {
  if (choice.type === 'official') return OFFICIAL_FIELDS[choice.provider ?? 'meta'];
  return OTHER_FIELDS[choice.type];
}
