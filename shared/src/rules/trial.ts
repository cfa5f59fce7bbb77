import { trialPtBR } from '../i18n/pt-BR.ts';
import { interpolate } from '../i18n/interpolate.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS = [
  { key: 'day', ms: DAY },
  { key: 'hour', ms: HOUR },
  { key: 'minute', ms: MINUTE },
  { key: 'second', ms: SECOND },
] as const;

/** Longest wait between label refreshes; keeps timers short and within setTimeout's range. */
const MAX_TICK_MS = MINUTE;

export type TrialCountdown = { expired: true } | { expired: false; label: string; nextTickMs: number };

/** Spec point 4: only trial accounts outside the basic plan show the countdown. */
export function showsTrialCountdown(company: { account_type: string; account_is_trial?: boolean }): boolean {
  return company.account_type !== 'basic' && company.account_is_trial === true;
}

/** Spec point 4: a trial whose data_trial.status is expired is sent to login on any navigation. */
export function isTrialExpired(company: { data_trial?: { status: string } | undefined }): boolean {
  return company.data_trial?.status === 'expired';
}

/**
 * Spec point 4 countdown label '{account_type} - Resta/Restam N dias|horas|minutos|segundos'.
 * N is the whole count of the largest unit that is at least 1 (5 days 23 hours reads 'Restam 5 dias'); 'Resta' and the
 * singular unit go with N = 1. nextTickMs is when the label next changes: every second under 60 s, as the spec asks,
 * and at most a minute otherwise.
 */
export function trialCountdown(accountType: string, dueDate: Date, now: Date): TrialCountdown {
  const remaining = dueDate.getTime() - now.getTime();
  if (remaining < SECOND) return { expired: true };
  const unit = UNITS.find((candidate) => remaining >= candidate.ms) ?? UNITS[3];
  const count = Math.floor(remaining / unit.ms);
  const names = trialPtBR.units[unit.key];
  const label =
    count === 1
      ? interpolate(trialPtBR.one, { accountType, unit: names.one })
      : interpolate(trialPtBR.other, { accountType, count, unit: names.other });
  const untilChange = remaining - count * unit.ms + 1;
  const nextTickMs = remaining < MINUTE ? SECOND : Math.min(untilChange, MAX_TICK_MS);
  return { expired: false, label, nextTickMs };
}
