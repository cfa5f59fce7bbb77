import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Numbers without a country code are read as Brazilian: the product's customers are mostly in Brazil. */
export const DEFAULT_PHONE_COUNTRY = 'BR';

/**
 * A phone in any common notation ("(85) 98888-7777", "+55 85 98888-7777", "5585988887777") in E.164, or
 * undefined when it is not a valid number. Digits starting with the country code but no "+" are retried
 * as international, as WhatsApp ids arrive that way.
 */
export function normalizePhone(value: string): string | undefined {
  const text = value.trim();
  if (!/^[\d\s()+.-]+$/.test(text)) return undefined;
  const national = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  if (national?.isValid()) return national.number;
  if (!text.startsWith('+')) {
    const international = parsePhoneNumberFromString(`+${text.replace(/\D/g, '')}`);
    if (international?.isValid()) return international.number;
  }
  return undefined;
}

/** An e-mail as stored and compared: trimmed, lowercase. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
