/**
 * A CSV column's name as a campaign variable names it (`{{csv.<key>}}`): accents dropped, lowercase, anything
 * but letters and digits as `_` — so "Nº do Pedido" is `csv.n_do_pedido`.
 */
export function csvVariableKey(column: string, index: number): string {
  const key = column
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return key || `coluna_${index + 1}`;
}

export const CSV_VARIABLE_PREFIX = 'csv.';
