import { contactsScreensPtBR } from '../i18n/pt-BR.ts';

const labels = contactsScreensPtBR.import;
const fields = contactsScreensPtBR.contacts;

/**
 * A refused row's field as the user saw it in the mapping step ("Tags", "Telefone", a custom field's label),
 * not the raw key the server names it by: the import results screen and the error report (CSV) both say these.
 */
export function importFieldLabel(field: string, customLabels: ReadonlyMap<string, string>): string {
  const base: Readonly<Record<string, string>> = {
    full_name: fields.fullName,
    cel_phone: fields.phone,
    email: fields.email,
    tags: fields.tags,
    wallet: labels.wallet,
  };
  const custom = /^custom_fields\.(.+)$/.exec(field)?.[1];
  if (custom !== undefined) return customLabels.get(custom) ?? custom;
  return base[field] ?? field;
}
