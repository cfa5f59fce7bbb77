import * as z from 'zod';
import { PLAN_CODES } from '../../domain/constants.ts';
import { defineRoute } from '../types.ts';
import { createTokenResponse } from './create-token.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const registerTrialBody = z.object({
  account_type: z.enum(PLAN_CODES),
  company_name: z.string().trim().min(1).max(120),
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(256),
});

/**
 * The same answer for every e-mail, so sign-up tells nobody whether an address has an account: a new one gets
 * a mail with a confirmation link (valid for `SIGN_UP_CONFIRMATION_HOURS`), one that already has an account a
 * mail saying so. The company exists once the link is opened (`POST /trial/confirm`).
 */
export const registerTrialResponse = z.object({ email: z.string() });

export const SIGN_UP_CONFIRMATION_HOURS = 24;

/** Sign-up (screen /trial/register/:account_type): asks the address to confirm before the company exists. */
export const registerTrial = defineRoute({
  id: 'auth.registerTrial',
  method: 'POST',
  path: '/trial/register',
  domain: 'auth',
  auth: 'public',
  body: registerTrialBody,
  response: registerTrialResponse,
  successStatus: 202,
  maxBodyBytes: 4096,
});

export const confirmTrialBody = z.object({ token: z.string().min(20).max(200) });

/**
 * The confirmation link's token (read by the sign-up screen from the link's fragment): creates the trial
 * company and its root admin, and signs them in (the answer of sign-in, refresh cookie included). Used once;
 * 400 on `token` when unknown or expired.
 */
export const confirmTrial = defineRoute({
  id: 'auth.confirmTrial',
  method: 'POST',
  path: '/trial/confirm',
  domain: 'auth',
  auth: 'public',
  body: confirmTrialBody,
  response: createTokenResponse,
  successStatus: 201,
  maxBodyBytes: 1024,
});
