/**
 * Spec point 9: numbers get commas as thousands separators (1234567 → '1,234,567'). The decimal part, if any, keeps
 * its point; Intl is not used because pt-BR would give dots.
 */
export function formatNumber(value: number | string): string {
  const text = String(value);
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign, whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}
