import type { AccessRule } from '@atende/shared/contracts/types';
import type { AccessContext } from '@atende/shared/rules/access';
import { decideAccess } from '@atende/shared/rules/access';

export type GuardInput = {
  authenticated: boolean;
  /** Spec point 4: a trial whose data_trial.status is expired goes to login on any navigation. */
  trialExpired: boolean;
  /** Undefined while the session (employee, rollouts, features) is still loading. */
  access: AccessContext | undefined;
  rule: AccessRule | undefined;
};

export type GuardOutcome =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'login'; rememberPath: boolean; logout: boolean }
  | { kind: 'redirect'; to: '/error' | '/app/home' };

/** The one decision behind RequireAccess: sign-in first, then the trial state, then the route's access rule. */
export function guardDecision(input: GuardInput): GuardOutcome {
  if (!input.authenticated) return { kind: 'login', rememberPath: true, logout: false };
  if (input.trialExpired) return { kind: 'login', rememberPath: false, logout: true };
  if (!input.access) return { kind: 'wait' };
  const decision = decideAccess(input.rule, input.access);
  return decision.allowed ? { kind: 'render' } : { kind: 'redirect', to: decision.redirect };
}
