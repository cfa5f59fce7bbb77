import type { ImportMapping } from '@atende/shared/contracts/contacts/imports';

/** Where an imported column goes: a contact field, a custom field (by its key), or nowhere. */
export type ImportTarget = 'full_name' | 'cel_phone' | 'email' | 'tags' | `custom:${string}` | 'ignore';

export const BASE_TARGETS = ['full_name', 'cel_phone', 'email', 'tags'] as const;
const CUSTOM_PREFIX = 'custom:';

export interface CustomFieldRef {
  key: string;
  label: string;
}

/** Lower case, accents and punctuation dropped: 'E-mail ', 'Telefone Celular' and 'telefone_celular' compare equal. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Header names seen in Brazilian spreadsheets for each base field, already normalised. */
const SYNONYMS: Record<(typeof BASE_TARGETS)[number], readonly string[]> = {
  full_name: ['full name', 'nome', 'nome completo', 'name', 'cliente', 'contato', 'razao social'],
  cel_phone: [
    'cel phone',
    'celular',
    'telefone',
    'telefone celular',
    'fone',
    'phone',
    'mobile',
    'whatsapp',
    'numero',
    'tel',
  ],
  email: ['email', 'e mail', 'mail', 'endereco de email', 'correio eletronico'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'marcadores'],
};

function guess(header: string, customFields: readonly CustomFieldRef[]): ImportTarget {
  const normalized = normalizeHeader(header);
  if (normalized === '') return 'ignore';
  for (const target of BASE_TARGETS) if (SYNONYMS[target].includes(normalized)) return target;
  const custom = customFields.find(
    (field) => normalizeHeader(field.key) === normalized || normalizeHeader(field.label) === normalized,
  );
  return custom ? `${CUSTOM_PREFIX}${custom.key}` : 'ignore';
}

/**
 * One target per header, guessed from its name; a target is given to its first matching column only, so two
 * 'Telefone' columns never both feed cel_phone.
 */
export function autoMapColumns(
  headers: readonly string[],
  customFields: readonly CustomFieldRef[] = [],
): ImportTarget[] {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const target = guess(header, customFields);
    if (target === 'ignore' || taken.has(target)) return 'ignore';
    taken.add(target);
    return target;
  });
}

/** The column chosen for each field (field → header), as the mapping step shows and edits it. */
export type ColumnsByField = Partial<Record<Exclude<ImportTarget, 'ignore'>, string>>;

/** Turns the per-column guesses into the per-field choice the mapping step edits. */
export function columnsByField(headers: readonly string[], targets: readonly ImportTarget[]): ColumnsByField {
  const byField: ColumnsByField = {};
  headers.forEach((header, index) => {
    const target = targets[index] ?? 'ignore';
    if (target !== 'ignore') byField[target] = header;
  });
  return byField;
}

/** The mapping the import API takes: contact field → the file's column header, custom fields apart. */
export function toImportMapping(byField: ColumnsByField): ImportMapping {
  const mapping: ImportMapping = { full_name: byField.full_name ?? '' };
  for (const field of BASE_TARGETS) {
    const header = byField[field];
    if (field !== 'full_name' && header) mapping[field] = header;
  }
  const custom = Object.fromEntries(
    Object.entries(byField).flatMap(([field, header]) =>
      field.startsWith(CUSTOM_PREFIX) && header ? [[field.slice(CUSTOM_PREFIX.length), header]] : [],
    ),
  );
  return Object.keys(custom).length > 0 ? { ...mapping, custom_fields: custom } : mapping;
}

/** The import can start only once a column gives the contact's name: the API requires it. */
export const mappingProblem = (byField: ColumnsByField): 'no-name' | undefined =>
  byField.full_name ? undefined : 'no-name';
