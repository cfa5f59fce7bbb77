import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const labels = ptBR.contactsScreens.import;
const fields = ptBR.contactsScreens.contacts;

export type OutcomeTone = 'success' | 'warning' | 'error' | 'info';

/**
 * What a finished import says, with a colour and icon that match what happened: success only when contacts
 * were created and no row was refused; nothing created with refused rows is an error, not a green check.
 */
export function importOutcome(view: Pick<ImportView, 'status' | 'created' | 'duplicates' | 'errors'>): {
  tone: OutcomeTone;
  title: string;
  summary: string;
} {
  const summary = [
    plural(labels.summaryCreated, view.created),
    plural(labels.summaryDuplicates, view.duplicates),
    plural(labels.summaryErrors, view.errors),
  ].join(', ');
  if (view.status === 'failed') return { tone: 'error', title: labels.failed, summary };
  if (view.created === 0 && view.errors > 0) return { tone: 'error', title: labels.noneCreated, summary };
  if (view.errors > 0) return { tone: 'warning', title: labels.doneWithErrors, summary };
  if (view.created === 0) return { tone: 'info', title: labels.nothingNew, summary };
  return { tone: 'success', title: labels.done, summary };
}

/**
 * A refused row's field as the user saw it in the mapping step ("Tags", "Telefone", a custom field's label),
 * not the raw key the server names it by.
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
