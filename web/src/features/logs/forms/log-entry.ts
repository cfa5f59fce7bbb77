import type { AuditLogView } from '@atende/shared/contracts/logs/list-logs';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const labels = ptBR.adminScreens.logs;

/** "Funcionário · criou" — what an entry says in the action column. */
export const describeAction = (entry: AuditLogView): string =>
  `${labels.entities[entry.entity]} · ${labels.actions[entry.action]}`;

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? ptBR.adminScreens.common.yes : ptBR.adminScreens.common.no;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
};

/** One row per changed field, before and after, in field order of either side. */
export function fieldChanges(entry: AuditLogView): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}
