import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const labels = ptBR.contactsScreens.import;

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
