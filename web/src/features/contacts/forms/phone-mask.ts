import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js';

/** Brazilian numbers come first (issue 7): a number typed without a country code is read as Brazilian. */
const DEFAULT_COUNTRY = 'BR';

/** Formats what is being typed into a phone field, '(11) 98765-4321' style, or '+1 213 ...' with a country code. */
export function maskPhone(typed: string): string {
  const kept = typed.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (kept === '') return '';
  return new AsYouType(DEFAULT_COUNTRY).input(kept);
}

/** The E.164 form the API stores, or undefined when the text is not a valid number. */
export function toE164(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** How a stored E.164 number is shown: national format for Brazil, international otherwise; masked text as is. */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return stored;
  return parsed.country === DEFAULT_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}
