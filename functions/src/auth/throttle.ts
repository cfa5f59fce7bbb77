import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { TooManyRequests } from '../lib/errors.ts';
import type { ThrottleKind } from './keys.ts';
import { clearFailures, countFailure, readThrottle } from './throttle-store.ts';

/** One fixed-window counter: at `max` counted events the subject waits for the window to end. */
export interface Limit {
  kind: ThrottleKind;
  subject: string;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;

/**
 * Sign-in limits after OWASP ASVS 4 V2.2.1 (anti-automation that does not let anyone lock a user out): the
 * tight lock is per account and client address, so guessing from one address stops after 5 failures while
 * the owner signs in from theirs; a slower, higher account-wide ceiling stops guessing spread over many
 * addresses; and one address failing across many accounts is stopped too.
 */
export const SIGN_IN_LIMITS = {
  accountAddress: { max: 5, windowSeconds: 15 * MINUTE },
  account: { max: 50, windowSeconds: 60 * MINUTE },
  address: { max: 20, windowSeconds: 15 * MINUTE },
} as const;

export const signInLimits = (email: string, address: string): Limit[] => [
  { kind: 'ACCOUNT_ADDRESS', subject: `${email}|${address}`, ...SIGN_IN_LIMITS.accountAddress },
  { kind: 'ACCOUNT', subject: email, ...SIGN_IN_LIMITS.account },
  { kind: 'ADDRESS', subject: address, ...SIGN_IN_LIMITS.address },
];

/** Trial sign-ups per client address (every attempt counts, successful or not). */
export const registerLimit = (address: string): Limit => ({
  kind: 'REGISTER',
  subject: address,
  max: 10,
  windowSeconds: 60 * MINUTE,
});

/** Wrong current passwords on a password change, per account (its password is shared by its companies). */
export const passwordChangeLimit = (email: string): Limit => ({
  kind: 'PASSWORD',
  subject: email,
  ...SIGN_IN_LIMITS.accountAddress,
});

/** E-mail checks per admin, so the employee form's lookup is no bulk account-enumeration oracle. */
export const emailCheckLimit = (companyId: string, employeeId: string): Limit => ({
  kind: 'EMAIL_CHECK',
  subject: `${companyId}|${employeeId}`,
  max: 30,
  windowSeconds: 10 * MINUTE,
});

/** 429 with Retry-After when any limit is reached. */
export async function requireUnderLimits(limits: readonly Limit[], now: Date): Promise<void> {
  const counters = await readThrottle(limits, now);
  const blockedUntil = Math.max(
    0,
    ...counters.map((counter, index) =>
      counter.count >= (limits[index] as Limit).max ? counter.windowEndsAt : 0,
    ),
  );
  if (blockedUntil > 0) {
    throw new TooManyRequests(
      AUTH_MESSAGES.tooManyAttempts,
      Math.max(1, blockedUntil - Math.floor(now.getTime() / 1000)),
    );
  }
}

export async function countAgainst(limits: readonly Limit[], now: Date): Promise<void> {
  await Promise.all(limits.map((limit) => countFailure(limit.kind, limit.subject, limit.windowSeconds, now)));
}

export async function clearLimit(limit: Limit): Promise<void> {
  await clearFailures(limit.kind, limit.subject);
}
