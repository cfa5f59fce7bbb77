import type { CustomFieldView } from '@atende/shared/contracts/custom-fields/views';
import type { DataProtection } from '@atende/shared/domain/data-protection';
import { contactsPtBR, formsPtBR } from '@atende/shared/i18n/pt-BR';
import { isEmail } from '@atende/shared/rules/formats';
import { normalizeEmail, normalizePhone } from '@atende/shared/rules/phone';
import { checkCustomValues } from '../custom-fields/values.ts';

export interface ContactInput {
  full_name?: string | undefined;
  cel_phone?: string | undefined;
  email?: string | undefined;
  avatar?: string | undefined;
  tags?: string[] | undefined;
  wallet?: string | null | undefined;
  custom_fields?: Record<string, string | number | null> | undefined;
  data_protection?: DataProtection | undefined;
}

/** What the company's catalogues say about the input's references. */
export interface InputContext {
  tags: ReadonlySet<string>;
  wallets: ReadonlySet<string>;
  customFields: readonly CustomFieldView[];
}

export type Checked =
  | {
      ok: true;
      /** Normalized values; a field absent from the input is absent here, '' for phone/e-mail means "remove". */
      fields: Omit<ContactInput, 'cel_phone' | 'email'> & {
        cel_phone?: string | null;
        email?: string | null;
      };
    }
  | { ok: false; field: string; message: string };

/**
 * The one check of a contact's fields, used by the API and by imports: phone normalized to E.164 (Brazil by
 * default), e-mail lowercased, tags and wallet existing in the company, custom values per their field type.
 */
export function checkContactInput(input: ContactInput, context: InputContext): Checked {
  const fields: Extract<Checked, { ok: true }>['fields'] = {};
  if (input.full_name !== undefined) {
    const name = input.full_name.trim();
    if (!name) return { ok: false, field: 'full_name', message: formsPtBR.requiredField };
    fields.full_name = name.slice(0, 120);
  }
  if (input.cel_phone !== undefined) {
    if (input.cel_phone.trim() === '') fields.cel_phone = null;
    else {
      const phone = normalizePhone(input.cel_phone);
      if (!phone) return { ok: false, field: 'cel_phone', message: contactsPtBR.invalidPhone };
      fields.cel_phone = phone;
    }
  }
  if (input.email !== undefined) {
    if (input.email.trim() === '') fields.email = null;
    else {
      if (!isEmail(input.email.trim()))
        return { ok: false, field: 'email', message: contactsPtBR.invalidEmail };
      fields.email = normalizeEmail(input.email);
    }
  }
  if (input.avatar !== undefined) fields.avatar = input.avatar;
  if (input.tags !== undefined) {
    const missing = input.tags.find((tag) => !context.tags.has(tag));
    if (missing) return { ok: false, field: 'tags', message: contactsPtBR.tagNotFound };
    fields.tags = [...new Set(input.tags)];
  }
  if (input.wallet !== undefined) {
    if (input.wallet !== null && !context.wallets.has(input.wallet)) {
      return { ok: false, field: 'wallet', message: contactsPtBR.walletNotFound };
    }
    fields.wallet = input.wallet;
  }
  if (input.custom_fields !== undefined) {
    const custom = checkCustomValues(context.customFields, input.custom_fields);
    if (!custom.ok) return custom;
    fields.custom_fields = custom.values;
  }
  if (input.data_protection !== undefined) fields.data_protection = input.data_protection;
  return { ok: true, fields };
}
