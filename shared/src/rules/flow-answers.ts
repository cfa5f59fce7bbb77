import { isValidCnpj } from '../contracts/company/cnpj.ts';
import type { QuestionValidation } from '../contracts/flows/graph.ts';
import { isDate, isEmail } from './formats.ts';
import { normalizePhone } from './phone.ts';

/** Lowercase, accentless, trimmed: how a menu answer is compared with the option labels. */
export const foldAnswer = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/**
 * The option a customer's answer picks: a button's option id, the option's number (1-based, as the numbered
 * text shows it), or its label with accents and case ignored. Undefined for anything else.
 */
export function matchMenuOption<O extends { id: string; label: string }>(
  options: readonly O[],
  answer: { text?: string; buttonId?: string },
): O | undefined {
  if (answer.buttonId) {
    const byButton = options.find((option) => option.id === answer.buttonId);
    if (byButton) return byButton;
  }
  const text = foldAnswer(answer.text ?? '');
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return options[Number(text) - 1];
  return options.find((option) => foldAnswer(option.label) === text);
}

/** The numbered text of a menu, the form every channel can show. */
export const numberedMenu = (text: string, options: readonly { label: string }[]): string =>
  [text, ...options.map((option, index) => `${index + 1} - ${option.label}`)].join('\n');

function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    const sum = [...digits.slice(0, length)].reduce(
      (acc, digit, index) => acc + Number(digit) * (length + 1 - index),
      0,
    );
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** The answer as stored in the variable, or undefined when it fails the question's validation. */
export function acceptAnswer(validate: QuestionValidation, raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  switch (validate) {
    case 'text':
      return value;
    case 'email':
      return isEmail(value) ? value.toLowerCase() : undefined;
    case 'phone':
      return normalizePhone(value);
    case 'number': {
      const normalized = value.replace(/\./g, '').replace(',', '.');
      return /^-?\d+(\.\d+)?$/.test(normalized) ? normalized : undefined;
    }
    case 'date':
      return isDate(value) ? value : undefined;
    case 'cpf_cnpj': {
      const digits = value.replace(/\D/g, '');
      return isValidCpf(digits) || (digits.length === 14 && isValidCnpj(digits)) ? digits : undefined;
    }
  }
}
