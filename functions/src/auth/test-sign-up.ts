import { confirmTrial, registerTrial } from '@atende/shared/contracts/auth/register-trial';
import type { z } from 'zod';
import type { registerTrialBody } from '@atende/shared/contracts/auth/register-trial';
import { hasAccountMailer, setAccountMailer, watchAccountMail } from './account-mail.ts';
import { handler } from './handler.ts';
import { normalizeEmail } from './keys.ts';
import { callRoute } from './test-gateway.ts';

/** The confirmation token of a sign-up mail's link. */
export const confirmationToken = (text: string): string | undefined => /#confirm=([\w-]+)/.exec(text)?.[1];

export interface ConfirmedSignUp {
  accessToken: string;
  refreshToken: string;
  employee: { _id: string; company: string; email: string };
}

/**
 * Test support: a trial sign-up through both real routes, as a person does it (the form, then the link in the
 * mail). Mails are kept in memory when the test installed no mailer of its own.
 */
export async function confirmedSignUp(
  body: z.input<typeof registerTrialBody>,
  sourceIp?: string,
): Promise<ConfirmedSignUp> {
  if (!hasAccountMailer()) setAccountMailer(async () => undefined);
  const email = normalizeEmail(body.email);
  let token: string | undefined;
  const stop = watchAccountMail((mail) => {
    if (mail.to === email) token = confirmationToken(mail.text) ?? token;
  });
  try {
    const started = await callRoute(handler, registerTrial, { body, ...(sourceIp ? { sourceIp } : {}) });
    if (started.status !== 202) throw new Error(`sign-up of ${email} answered ${started.status}`);
  } finally {
    stop();
  }
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  const confirmed = await callRoute(handler, confirmTrial, { body: { token } });
  if (confirmed.status !== 201) throw new Error(`confirmation of ${email} answered ${confirmed.status}`);
  return confirmed.body as ConfirmedSignUp;
}
