/** CNPJ: 14 digits whose last two are check digits (mod 11 with weights 5..2,9..2 and 6..2,9..2). */
const checkDigit = (digits: readonly number[], firstWeight: number): number => {
  let weight = firstWeight;
  let sum = 0;
  for (const digit of digits) {
    sum += digit * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** Keeps the digits of a typed CNPJ ("00.000.000/0001-91" → "00000000000191"). */
export const cnpjDigits = (value: string): string => value.replace(/\D/g, '');

export function isValidCnpj(value: string): boolean {
  const text = value.trim();
  if (!/^(\d{14}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/.test(text)) return false;
  const digits = [...cnpjDigits(text)].map(Number);
  if (digits.every((digit) => digit === digits[0])) return false;
  const base = digits.slice(0, 12);
  const first = checkDigit(base, 5);
  const second = checkDigit([...base, first], 6);
  return digits[12] === first && digits[13] === second;
}
