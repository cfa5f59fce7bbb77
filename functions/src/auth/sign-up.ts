import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type registerTrialBody,
  SIGN_UP_CONFIRMATION_HOURS,
} from '@atende/shared/contracts/auth/register-trial';
import { PLAN_CODES, type PlanCode } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { accountsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { newEmployee, newTrialCompany } from '../account/defaults.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { Invalid } from '../lib/errors.ts';
import { appBaseUrl, sendAccountMail } from './account-mail.ts';
import { readAccount } from './accounts.ts';
import { normalizeEmail } from './keys.ts';
import { openSession, type Tokens } from './open-session.ts';
import { hashPassword } from './password.ts';
import { companyItem, employeeItems, writeAtomically } from './store.ts';
import { countAgainst, type Limit, registerLimit, requireUnderLimits } from './throttle.ts';

/**
 * Trial sign-up in two steps, so its answer never tells whether an e-mail has an account (OWASP ASVS V2/V3,
 * account enumeration): `startSignUp` answers the same for every address and mails the address either a
 * one-time confirmation link (new e-mail) or a notice that an account exists (no company is created). The
 * link carries a random token; only its SHA-256 is stored (`SIGNUP#<hash>`, global like the refresh tokens,
 * with the hashed password, never the password) until `confirmSignUp` consumes it, creates the company and its
 * root admin, and signs them in. Both branches hash the password and send one mail, so they also take about
 * the same time.
 */
const signUpKey = (hash: string) => ({ pk: `SIGNUP#${hash}`, sk: 'SIGNUP' });
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Wrong confirmation tokens per client address; a token is 32 random bytes, so this only stops noise. */
const confirmLimit = (address: string): Limit => ({
  kind: 'SIGNUP_CONFIRM',
  subject: address,
  max: 20,
  windowSeconds: 15 * 60,
});

const isPlan = (value: unknown): value is PlanCode => PLAN_CODES.some((code) => code === value);

export async function startSignUp(
  input: z.infer<typeof registerTrialBody>,
  clientAddress: string,
  now = new Date(),
): Promise<{ email: string }> {
  const limit = registerLimit(clientAddress);
  await requireUnderLimits([limit], now);
  await countAgainst([limit], now);
  const email = normalizeEmail(input.email);
  const [account, passwordHash] = await Promise.all([readAccount(email), hashPassword(input.password)]);
  if (account) {
    await sendAccountMail({
      to: email,
      subject: accountsPtBR.existingAccountMailSubject,
      text: interpolate(accountsPtBR.existingAccountMailText, { url: `${appBaseUrl()}/atende/login` }),
    });
    return { email };
  }
  const token = randomBytes(32).toString('base64url');
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        ...signUpKey(tokenHash(token)),
        entity: 'sign-up',
        email,
        name: input.name,
        company_name: input.company_name,
        account_type: input.account_type,
        passwordHash,
        expiresAt: Math.floor(now.getTime() / 1000) + SIGN_UP_CONFIRMATION_HOURS * 3600,
      },
    }),
  );
  await sendAccountMail({
    to: email,
    subject: accountsPtBR.signUpMailSubject,
    text: interpolate(accountsPtBR.signUpMailText, {
      name: input.name,
      company: input.company_name,
      // In the fragment: browsers never send it to a server, so the token stays out of logs and Referer.
      url: `${appBaseUrl()}/trial/register/${input.account_type}#confirm=${token}`,
    }),
  });
  return { email };
}

/** Takes the pending sign-up out (once: a second use finds nothing), if it has not expired. */
async function consume(token: string, now: Date): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await clients().document.send(
      new DeleteCommand({
        TableName: config().mainTable,
        Key: signUpKey(tokenHash(token)),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Creates the confirmed trial company and its root admin and opens their session. Only the mailbox's owner
 * holds the token, so an e-mail that got an account meanwhile may be answered as taken (409) here.
 */
export async function confirmSignUp(
  token: string,
  clientAddress: string,
  secret: string,
  now = new Date(),
): Promise<Tokens> {
  const limit = confirmLimit(clientAddress);
  await requireUnderLimits([limit], now);
  const pending = await consume(token, now);
  if (!pending || !isPlan(pending.account_type)) {
    await countAgainst([limit], now);
    throw new Invalid('token', accountsPtBR.signUpLinkInvalid);
  }
  const company = newTrialCompany({
    id: newObjectId(),
    name: String(pending.company_name),
    accountType: pending.account_type,
    now,
  });
  const employee = newEmployee({
    id: newObjectId(),
    companyId: company._id,
    name: String(pending.name),
    email: String(pending.email),
    role: 'admin',
    isRoot: true,
    now,
    passwordSetByAdmin: false,
  });
  await writeAtomically([companyItem(company), ...employeeItems(employee, String(pending.passwordHash))]);
  return openSession(company._id, employee._id, secret, now);
}
