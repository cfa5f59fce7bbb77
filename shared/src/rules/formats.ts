import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { OBJECT_ID_PATTERN } from '../domain/object-id.ts';

dayjs.extend(customParseFormat);

/** Spec point 5, formats. Shortcut letters are ASCII letters: shortcuts are typed after a slash in the chat box. */
export const SHORTCUT_PATTERN = /^[A-Za-z0-9_]+$/;
/** One @, no spaces, a dotted domain: what the accounts service accepts. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const PHONE_CHARS_PATTERN = /^[\d\s+-]+$/;
export const DIGITS_PATTERN = /^\d+$/;

/** Dates are typed pt-BR style in forms and sent ISO style to the API; the date-range picker formats too. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD'] as const;

export const isShortcut = (value: string): boolean => SHORTCUT_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
export const isTime = (value: string): boolean => TIME_PATTERN.test(value);
export const isPhoneChars = (value: string): boolean => PHONE_CHARS_PATTERN.test(value);
export const isDigitsOnly = (value: string): boolean => DIGITS_PATTERN.test(value);
export const isObjectIdFormat = (value: string): boolean => OBJECT_ID_PATTERN.test(value);

/** A real calendar date in one of DATE_FORMATS (strict: 31/02/2026 is refused). */
export function isDate(value: string): boolean {
  return DATE_FORMATS.some((format) => dayjs(value, format, true).isValid());
}

/** http:// or https:// followed by a parsable host. */
export function isUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}
