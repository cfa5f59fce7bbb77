import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { walletBody } from '@atende/shared/contracts/wallets/views';
import { weekdaySchema } from '@atende/shared/domain/organization';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isTime } from '@atende/shared/rules/formats';
import type { WalletInput } from '../api/contacts-api.ts';

export const WEEKDAYS = weekdaySchema.options;
type Weekday = (typeof WEEKDAYS)[number];

export interface ScheduleRow {
  day: Weekday;
  start: string;
  end: string;
}

export interface WalletFormValues {
  name: string;
  employee_owner: string | undefined;
  employees: string[];
  weekly_schedule: ScheduleRow[];
}

export const walletFormValues = (wallet: WalletView | undefined): WalletFormValues =>
  wallet
    ? {
        name: wallet.name,
        employee_owner: wallet.employee_owner,
        employees: [...wallet.employees],
        weekly_schedule: wallet.weekly_schedule.map((row) => ({ ...row })),
      }
    : { name: '', employee_owner: undefined, employees: [], weekly_schedule: [] };

const required = ptBR.forms.requiredField;

export function walletNameError(value: string | undefined): string | undefined {
  const parsed = walletBody.shape.name.safeParse(value ?? '');
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A schedule time: required, HH:MM 00-23 (spec point 5 formats). */
export function timeError(value: string | undefined): string | undefined {
  if (!value?.trim()) return required;
  return isTime(value.trim()) ? undefined : ptBR.contacts.invalidTime;
}

/** The end of a schedule row must come after its start. */
export const rowOrderError = (row: Partial<ScheduleRow> | undefined): string | undefined =>
  row?.start && row.end && isTime(row.start) && isTime(row.end) && row.start >= row.end
    ? ptBR.contacts.invalidSchedule
    : undefined;

/** Schedule rows sorted by weekday then start, the order the wallet list shows them in. */
export function sortSchedule(rows: readonly ScheduleRow[]): ScheduleRow[] {
  return [...rows].sort(
    (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.start.localeCompare(b.start),
  );
}

export function walletRequest(values: WalletFormValues): WalletInput {
  return {
    name: values.name.trim(),
    employee_owner: values.employee_owner ?? '',
    // The owner already manages the wallet's contacts; listing them twice would only confuse the count.
    employees: values.employees.filter((id) => id !== values.employee_owner),
    weekly_schedule: sortSchedule(
      values.weekly_schedule.map((row) => ({ day: row.day, start: row.start.trim(), end: row.end.trim() })),
    ),
  };
}
