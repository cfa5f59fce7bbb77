const CNPJ_LENGTH = 14;

/** 00.000.000/0000-00, filled as the user types; validity is the contract's isValidCnpj. */
export function maskCnpj(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CNPJ_LENGTH);
  const [a, b, c, d, e] = [
    digits.slice(0, 2),
    digits.slice(2, 5),
    digits.slice(5, 8),
    digits.slice(8, 12),
    digits.slice(12),
  ];
  return [a, b && `.${b}`, c && `.${c}`, d && `/${d}`, e && `-${e}`].join('');
}
