import type { createTokenBody } from '@atende/shared/contracts/auth/create-token';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import type { registerTrialBody } from '@atende/shared/contracts/auth/register-trial';
import { confirmTrial, registerTrial } from '@atende/shared/contracts/auth/register-trial';
import { identifyUserForBrowserAndClearSession } from '@atende/shared/contracts/account/identify-browser-session';
import type { z } from 'zod';
import { LIMITS } from '@atende/shared/domain/constants';
import { callRoute } from '../../../lib/api/call-route.ts';
import { browserStore, STORAGE_KEYS } from '../../../lib/storage/local-store.ts';
import { saveSignIn } from '../../../lib/session/session-store.ts';

export type Credentials = z.input<typeof createTokenBody>;
export type TrialSignUp = z.input<typeof registerTrialBody>;

/** This browser's id for the accounts API's one-session-per-employee rule (spec point 4). */
function browserSessionId(): string {
  const store = browserStore();
  const saved = store.getItem(STORAGE_KEYS.sessionId);
  if (saved) return saved;
  const fresh = crypto.randomUUID();
  store.setItem(STORAGE_KEYS.sessionId, fresh);
  return fresh;
}

/** Registers this browser as the employee's session, closing their older ones. */
export async function identifyBrowser(employeeId: string): Promise<void> {
  try {
    await callRoute(identifyUserForBrowserAndClearSession, {
      body: { id_session_user: browserSessionId(), employee: employeeId },
    });
  } catch {
    // Closing older sessions is best effort; the socket's close-others-sessions covers the same ground.
  }
}

/** Sign-in: stores the tokens, then registers this browser as the employee's session (closing older ones). */
export async function signIn(credentials: Credentials): Promise<void> {
  const answer = await callRoute(createToken, { body: credentials, timeoutMs: LIMITS.loginTimeoutMs });
  saveSignIn(answer);
  await identifyBrowser(answer.employee._id);
}

/**
 * Sign-up answers the same for every e-mail and mails a confirmation link (or, to an address that already has
 * an account, a notice): nothing is signed in until the link is opened.
 */
export async function signUpForTrial(form: TrialSignUp): Promise<void> {
  await callRoute(registerTrial, { body: form, timeoutMs: LIMITS.loginTimeoutMs });
}

/** The confirmation link's token: creates the company and signs its admin in, as sign-in does. */
export async function confirmTrialSignUp(token: string): Promise<void> {
  const answer = await callRoute(confirmTrial, { body: { token }, timeoutMs: LIMITS.loginTimeoutMs });
  saveSignIn(answer);
  await identifyBrowser(answer.employee._id);
}

/** The token in a confirmation link's fragment (`#confirm=<token>`), if any. */
export const confirmationTokenOf = (hash: string): string | undefined =>
  new URLSearchParams(hash.replace(/^#/, '')).get('confirm') ?? undefined;
