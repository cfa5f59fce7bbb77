import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { confirmTrial, registerTrial } from '@atende/shared/contracts/auth/register-trial';
import type { PlanCode } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { revokeToken } from '@atende/shared/contracts/auth/revoke-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { getCompany } from '../account/store.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { type AccountMail, setAccountMailer, watchAccountMail } from './account-mail.ts';
import { handler } from './handler.ts';
import { confirmSignUp } from './sign-up.ts';
import { confirmationToken, confirmedSignUp } from './test-sign-up.ts';
import { employeeEntity } from './entities.ts';
import { keys } from './keys.ts';
import { callRoute } from './test-gateway.ts';
import { SIGN_IN_LIMITS } from './throttle.ts';

const PASSWORD = 'senha-forte-123';
let counter = 0;

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@empresa.test`;

async function signUp(email = uniqueEmail('admin'), accountType: PlanCode = 'advanced') {
  const answer = await confirmedSignUp({
    account_type: accountType,
    company_name: 'Loja Azul',
    name: 'Ana Souza',
    email,
    password: PASSWORD,
  });
  return { email, companyId: answer.employee.company, employeeId: answer.employee._id, answer };
}

async function signIn(email: string, password = PASSWORD, sourceIp?: string) {
  return callRoute(handler, createToken, { body: { email, password }, ...(sourceIp ? { sourceIp } : {}) });
}

async function tokensFor(email: string) {
  const response = await signIn(email);
  expect(response.status).toBe(200);
  return response.body as { accessToken: string; refreshToken: string };
}

const refresh = (token: string) =>
  callRoute(handler, refreshToken, { body: { grant_type: 'refresh_token', refresh_token: token } });

const permissionsWith = (token: string) => callRoute(accountHandler, getPermissions, { token });

async function setFlag(key: { pk: string; sk: string }, name: string, value: boolean) {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: key,
      UpdateExpression: 'SET #flag = :value',
      ExpressionAttributeNames: { '#flag': name },
      ExpressionAttributeValues: { ':value': value },
    }),
  );
}

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  setAccountMailer(async () => undefined);
  await useTestTables();
});

describe('POST /api/trial/register', () => {
  it('creates, once the mailed link is opened, a trial company due in 7 days and its signed-in root admin', async () => {
    const before = Date.now();
    const { answer, companyId } = await signUp(uniqueEmail('Novo'), 'professional');
    const company = (await getCompany(companyId)) as Record<string, unknown>;
    const employee = answer.employee as Record<string, unknown>;
    // The confirmation signs the new admin in.
    expect((await permissionsWith(answer.accessToken)).status).toBe(200);
    expect(company).toMatchObject({
      name: 'Loja Azul',
      account_type: 'professional',
      account_is_trial: true,
      account_disabled: false,
      data_trial: { status: 'active' },
      settings: { timezone: 'America/Fortaleza' },
      modules: { faq: 0 },
    });
    const due = Date.parse(String(company.dueDate));
    expect(due - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(due - before).toBeLessThan(7 * 86_400_000 + 60_000);
    // The root admin chose their own password at sign-up: nothing to replace at the first login.
    expect(employee).toMatchObject({ role: 'admin', is_root: true, firstLogin: false, company: company._id });
    expect(String(employee.email)).toMatch(/^novo-/);
    expect(employee).not.toHaveProperty('passwordHash');
    expect(company).not.toHaveProperty('pk');
  });

  it.each([
    ['account_type', { account_type: 'gold' }],
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['company_name', { company_name: '' }],
  ])('answers 400 naming %s when it is invalid', async (field, override) => {
    const response = await callRoute(handler, registerTrial, {
      body: {
        account_type: 'essential',
        company_name: 'Loja',
        name: 'Ana',
        email: uniqueEmail('v'),
        password: PASSWORD,
        ...override,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field });
    expect(String((response.body as { message: string }).message)).toContain(field);
  });

  it('answers an e-mail that has an account exactly as a new one, and mails the address instead', async () => {
    const { email } = await signUp();
    const mails: AccountMail[] = [];
    const stop = watchAccountMail((mail) => mails.push(mail));
    const attempt = (address: string) =>
      callRoute(handler, registerTrial, {
        body: {
          account_type: 'basic',
          company_name: 'Outra',
          name: 'Bia',
          email: address,
          password: 'outra-senha-9',
        },
      });
    const taken = await attempt(email.toUpperCase());
    const fresh = await attempt(uniqueEmail('livre'));
    stop();
    // Before, the taken e-mail answered 409 naming the field: an account-enumeration oracle.
    expect(taken.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(Object.keys(taken.body as object)).toEqual(Object.keys(fresh.body as object));
    expect(taken.body).toEqual({ email });
    const toTaken = mails.filter((mail) => mail.to === email);
    expect(toTaken).toHaveLength(1);
    expect(toTaken[0]?.subject).toBe(ptBR.accounts.existingAccountMailSubject);
    expect(confirmationToken(toTaken[0]?.text ?? '')).toBeUndefined();
    // Nothing changed for the account: the old password still signs in, the new one does not.
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(email, 'outra-senha-9')).status).toBe(401);
  });

  it('a confirmation link works once, and not after 24 hours', async () => {
    const email = uniqueEmail('link');
    let token: string | undefined;
    const stop = watchAccountMail((mail) => {
      token = confirmationToken(mail.text) ?? token;
    });
    await callRoute(handler, registerTrial, {
      body: { account_type: 'advanced', company_name: 'Loja', name: 'Ana', email, password: PASSWORD },
    });
    stop();
    if (!token) throw new Error('no link mailed');
    await expect(
      confirmSignUp(token, '192.0.2.9', 'x'.repeat(40), new Date(Date.now() + 25 * 3600_000)),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    const wrong = await callRoute(handler, confirmTrial, { body: { token: 'a'.repeat(43) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'token', message: ptBR.accounts.signUpLinkInvalid });
    // The expired attempt consumed nothing but its own check: a fresh sign-up's link is used once.
    const second = await signUp(uniqueEmail('uma-vez'));
    expect(second.answer.accessToken).toBeTruthy();
    expect((await signIn(email)).status).toBe(401);
  });

  it('signs in with the right password and the access token passes the authorizer', async () => {
    const { email, employeeId } = await signUp();
    const response = await signIn(email.toUpperCase());
    expect(response.status).toBe(200);
    const body = response.body as {
      accessToken: string;
      refreshToken: string;
      expiresIn: number;
      employee: { _id: string };
    };
    expect(body.expiresIn).toBe(900);
    expect(body.employee._id).toBe(employeeId);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    const permissions = await permissionsWith(body.accessToken);
    expect(permissions.status).toBe(200);
    expect(permissions.body).toMatchObject({ role: 'admin' });
  });

  it('answers 401 with the same pt-BR message for a wrong password and an unknown e-mail', async () => {
    const { email } = await signUp();
    const wrong = await signIn(email, 'senha-errada-999');
    const unknown = await signIn(uniqueEmail('ninguem'));
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ message: 'E-mail ou senha inválidos.' });
    }
  });

  it('locks an account for the address that failed 5 times, and tells when to retry', async () => {
    const { email } = await signUp();
    const ip = '198.51.100.7';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(email, 'errada-errada', ip)).status).toBe(401);
    }
    const blocked = await signIn(email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.body).toMatchObject({
      message: 'Muitas tentativas de acesso. Tente novamente em alguns minutos.',
    });
  });

  it('does not let failures from other addresses lock the owner out of their own (ASVS V2.2.1)', async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(email, 'errada-errada', `198.51.100.${attempt}`)).status).toBe(401);
    }
    expect((await signIn(email, PASSWORD, '198.51.100.99')).status).toBe(200);
  });

  it('stops guessing spread over many addresses at a higher, account-wide ceiling', async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.account.max; attempt += 1) {
      expect((await signIn(email, 'errada-errada', `203.0.113.${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn(email, PASSWORD, '203.0.113.250');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(900);
  });

  it('throttles trial sign-ups from one address', async () => {
    const ip = '192.0.2.200';
    const register = (label: string) =>
      callRoute(handler, registerTrial, {
        sourceIp: ip,
        body: {
          account_type: 'advanced',
          company_name: 'Loja',
          name: 'Ana',
          email: uniqueEmail(label),
          password: PASSWORD,
        },
      });
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await register('serie')).status).toBe(202);
    expect((await register('serie')).status).toBe(429);
    const elsewhere = await callRoute(handler, registerTrial, {
      sourceIp: '192.0.2.201',
      body: {
        account_type: 'advanced',
        company_name: 'Loja',
        name: 'Ana',
        email: uniqueEmail('b'),
        password: PASSWORD,
      },
    });
    expect(elsewhere.status).toBe(202);
  });

  it('resets the account counter after a successful sign-in', async () => {
    const { email } = await signUp();
    const ip = '198.51.100.150';
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await signIn(email, 'errada-x', ip)).status).toBe(401);
    expect((await signIn(email, PASSWORD, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await signIn(email, 'errada-x', ip)).status).toBe(401);
    expect((await signIn(email, PASSWORD, ip)).status).toBe(200);
  });

  it('throttles a client address after 20 failures across accounts, not other addresses', async () => {
    const { email } = await signUp();
    const ip = '192.0.2.77';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await signIn(uniqueEmail('scan'), 'qualquer-coisa', ip)).status).toBe(401);
    }
    const fromSameAddress = await signIn(email, PASSWORD, ip);
    expect(fromSameAddress.status).toBe(429);
    expect(Number(fromSameAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(email, PASSWORD, '192.0.2.78')).status).toBe(200);
  });

  it("refuses a blocked account with the spec's message, at sign-in and on every call", async () => {
    const inactive = await signUp();
    const tokens = await tokensFor(inactive.email);
    await setFlag(employeeEntity.key(inactive.companyId, inactive.employeeId), 'inactive', true);
    const login = await signIn(inactive.email);
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ message: 'Conta bloqueada. Contate o suporte.' });
    const call = await permissionsWith(tokens.accessToken);
    expect(call.status).toBe(401);
    expect(call.body).toMatchObject({ message: 'Conta bloqueada. Contate o suporte.' });
    expect((await refresh(tokens.refreshToken)).body).toMatchObject({
      message: 'Conta bloqueada. Contate o suporte.',
    });

    const disabled = await signUp();
    const disabledTokens = await tokensFor(disabled.email);
    await setFlag(keys.company(disabled.companyId), 'account_disabled', true);
    expect((await signIn(disabled.email)).body).toMatchObject({
      message: 'Conta bloqueada. Contate o suporte.',
    });
    const disabledCall = await permissionsWith(disabledTokens.accessToken);
    expect(disabledCall.status).toBe(401);
    expect(disabledCall.body).toMatchObject({ message: 'Conta bloqueada. Contate o suporte.' });
  });

  it('rejects a tampered access token at the authorizer', async () => {
    const { email } = await signUp();
    const { accessToken } = await tokensFor(email);
    const tampered = `${accessToken.slice(0, -2)}${accessToken.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await permissionsWith(tampered)).status).toBe(401);
    expect((await callRoute(accountHandler, getPermissions, {})).status).toBe(401);
  });
});

describe('POST /api/auth/token/refresh', () => {
  it('rotates the refresh token on every use and answers 201', async () => {
    const { email } = await signUp();
    const first = await tokensFor(email);
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(201);
    const rotated = second.body as { accessToken: string; refreshToken: string };
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect((await permissionsWith(rotated.accessToken)).status).toBe(200);
    const third = await refresh(rotated.refreshToken);
    expect(third.status).toBe(201);
  });

  it('revokes the whole session when a rotated refresh token is presented again', async () => {
    const { email } = await signUp();
    const first = await tokensFor(email);
    const second = (await refresh(first.refreshToken)).body as { accessToken: string; refreshToken: string };

    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect((await permissionsWith(second.accessToken)).status).toBe(401);
    expect((await permissionsWith(first.accessToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);

    const otherSession = await tokensFor(email);
    expect((await permissionsWith(otherSession.accessToken)).status).toBe(200);
  });

  it('refuses an unknown refresh token and a wrong grant type', async () => {
    expect((await refresh('desconhecido')).status).toBe(401);
    const wrongGrant = await callRoute(handler, refreshToken, {
      body: { grant_type: 'password', refresh_token: 'x' },
    });
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.body).toMatchObject({ field: 'grant_type' });
  });
});

describe('DELETE /api/auth/token/revoke', () => {
  it("stops the session's access and refresh tokens at once, and only that session's", async () => {
    const { email } = await signUp();
    const session = await tokensFor(email);
    const other = await tokensFor(email);
    const revoked = await callRoute(handler, revokeToken, { token: session.accessToken });
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeUndefined();
    expect((await permissionsWith(session.accessToken)).status).toBe(401);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await callRoute(handler, revokeToken, { token: session.accessToken })).status).toBe(401);
    expect((await permissionsWith(other.accessToken)).status).toBe(200);
  });
});

describe('refresh token cookie', () => {
  const cookieOf = (headers: Record<string, string>) => headers['set-cookie'] ?? '';

  it('sets the refresh token as an HttpOnly, Secure, SameSite=Strict cookie scoped to the token routes', async () => {
    const { email } = await signUp();
    const answer = await signIn(email);
    expect(answer.status).toBe(200);
    const cookie = cookieOf(answer.headers);
    const { refreshToken: token } = answer.body as { refreshToken: string };
    expect(cookie).toContain(`atende_refresh=${token};`);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; SameSite=Strict(;|$)/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/token(;|$)/);
  });

  it('refreshes from the cookie alone, rotating it without putting the token in the body', async () => {
    const { email } = await signUp();
    const signedIn = await signIn(email);
    const first = (signedIn.body as { refreshToken: string }).refreshToken;
    const refreshed = await callRoute(handler, refreshToken, {
      body: { grant_type: 'refresh_token' },
      cookie: `outro=1; atende_refresh=${first}`,
    });
    expect(refreshed.status).toBe(201);
    expect(refreshed.body).toEqual({ accessToken: expect.any(String) });
    const rotated = /atende_refresh=([^;]+);/.exec(cookieOf(refreshed.headers))?.[1];
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first);
    const noCookie = await callRoute(handler, refreshToken, { body: { grant_type: 'refresh_token' } });
    expect(noCookie.status).toBe(401);
  });

  it('clears the cookie on sign-out', async () => {
    const { email } = await signUp();
    const { accessToken } = (await signIn(email)).body as { accessToken: string };
    const revoked = await callRoute(handler, revokeToken, { token: accessToken });
    expect(revoked.status).toBe(204);
    expect(cookieOf(revoked.headers)).toMatch(/^atende_refresh=; Max-Age=0;/);
  });
});
