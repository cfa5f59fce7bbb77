import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { fullNameField } from '@atende/shared/contracts/contacts/views';
import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import { DATA_PROTECTION_CHANNELS, type DataProtection } from '@atende/shared/domain/data-protection';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isDate, isEmail } from '@atende/shared/rules/formats';
import type { CreateContactInput, UpdateContactInput } from '../api/contacts-api.ts';
import { displayPhone, toE164 } from './phone-mask.ts';

type LegalBasis = DataProtection['legal_basis'];
type ConsentChannel = (typeof DATA_PROTECTION_CHANNELS)[number];
type Subscription = DataProtection['channels'][number]['status'];

export interface ContactFormValues {
  full_name: string;
  cel_phone: string;
  email: string;
  tags: string[];
  wallet: string | null;
  custom_fields: Record<string, string | number | null | undefined>;
  legal_basis: LegalBasis;
  consent: Record<ConsentChannel, Subscription>;
}

const noConsent = (): Record<ConsentChannel, Subscription> =>
  Object.fromEntries(DATA_PROTECTION_CHANNELS.map((channel) => [channel, 'none'])) as Record<
    ConsentChannel,
    Subscription
  >;

/** The form's starting values: blank for a new contact, the contact's own (phone shown with its mask) otherwise. */
export function contactFormValues(contact: ContactView | undefined): ContactFormValues {
  if (!contact)
    return {
      full_name: '',
      cel_phone: '',
      email: '',
      tags: [],
      wallet: null,
      custom_fields: {},
      legal_basis: 'none',
      consent: noConsent(),
    };
  const consent = noConsent();
  for (const entry of contact.data_protection.channels) consent[entry.channel] = entry.status;
  return {
    full_name: contact.full_name,
    cel_phone: contact.cel_phone ? displayPhone(contact.cel_phone) : '',
    email: contact.email ?? '',
    tags: [...contact.tags],
    wallet: contact.wallet,
    custom_fields: { ...contact.custom_fields },
    legal_basis: contact.data_protection.legal_basis,
    consent,
  };
}

const labels = ptBR.contacts;
const required = ptBR.forms.requiredField;

export function fullNameError(value: string | undefined): string | undefined {
  const parsed = fullNameField.safeParse(value ?? '');
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A phone is optional; a typed one must be a real number (Brazilian when it has no country code). */
export const phoneError = (value: string | undefined): string | undefined =>
  value?.trim() && !toE164(value) ? labels.invalidPhone : undefined;

export const emailError = (value: string | undefined): string | undefined =>
  value?.trim() && !isEmail(value.trim()) ? labels.invalidEmail : undefined;

/** The same checks the server runs on a custom field value, by the field's type. */
export function customFieldError(field: CustomFieldView, value: unknown): string | undefined {
  const blank = value === undefined || value === null || value === '';
  if (blank) return field.required ? required : undefined;
  if (field.type === 'number' && !Number.isFinite(Number(value))) return labels.customFieldNumber;
  if (field.type === 'date' && !isDate(String(value))) return labels.customFieldDate;
  if (field.type === 'select' && !field.options.includes(String(value))) return labels.customFieldOption;
  return undefined;
}

function customFieldsBody(
  values: ContactFormValues['custom_fields'],
  fields: readonly CustomFieldView[],
): Record<string, string | number | null> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field.key];
      if (value === undefined || value === null || value === '') return [field.key, null];
      return [field.key, field.type === 'number' ? Number(value) : String(value)];
    }),
  );
}

function dataProtectionBody(values: ContactFormValues): DataProtection {
  return {
    legal_basis: values.legal_basis,
    channels: DATA_PROTECTION_CHANNELS.map((channel) => ({ channel, status: values.consent[channel] })),
  };
}

/** A new contact's body: blank phone and e-mail left out, the phone sent in E.164. */
export function createBody(
  values: ContactFormValues,
  fields: readonly CustomFieldView[],
): CreateContactInput {
  const phone = values.cel_phone.trim();
  const email = values.email.trim();
  return {
    full_name: values.full_name.trim(),
    ...(phone ? { cel_phone: toE164(phone) ?? phone } : {}),
    ...(email ? { email } : {}),
    tags: values.tags,
    wallet: values.wallet,
    custom_fields: customFieldsBody(values.custom_fields, fields),
    data_protection: dataProtectionBody(values),
  };
}

/**
 * An edit's body. A blank phone or e-mail clears it (the API takes ''); when the API showed them masked they were
 * never known here, so they are not sent at all.
 */
export function updateBody(
  values: ContactFormValues,
  fields: readonly CustomFieldView[],
  masked: boolean,
): UpdateContactInput {
  const phone = values.cel_phone.trim();
  return {
    full_name: values.full_name.trim(),
    ...(masked ? {} : { cel_phone: phone ? (toE164(phone) ?? phone) : '', email: values.email.trim() }),
    tags: values.tags,
    wallet: values.wallet,
    custom_fields: customFieldsBody(values.custom_fields, fields),
    data_protection: dataProtectionBody(values),
  };
}
