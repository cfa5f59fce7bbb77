import { getMountApp } from '@atende/shared/contracts/account/get-mount-app';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { handler as accountHandler } from '../account/handler.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { callRoute } from './test-gateway.ts';
import { confirmedSignUp } from './test-sign-up.ts';

const PASSWORD = 'senha-inicial-123';
const NEW_PASSWORD = 'senha-nova-4567';
let counter = 0;

/** An operator created by an admin with an initial password: the one who must replace it at first login. */
async function signUp() {
  counter += 1;
  const adminEmail = `admin-${Date.now()}-${counter}@empresa.test`;
  await confirmedSignUp({
    account_type: 'advanced',
    company_name: 'Loja Azul',
    name: 'Ana',
    email: adminEmail,
    password: PASSWORD,
  });
  const admin = await tokensFor(adminEmail);
  const email = `troca-${Date.now()}-${counter}@empresa.test`;
  const created = await callRoute(employeesHandler, createEmployee, {
    token: admin.accessToken,
    body: { name: 'Bruno', email, role: 'operator', password: PASSWORD },
  });
  expect(created.status).toBe(201);
  const body = created.body as { _id: string; firstLogin: boolean };
  expect(body.firstLogin).toBe(true);
  return { email, employeeId: body._id };
}

const signIn = (email: string, password: string) =>
  callRoute(handler, createToken, { body: { email, password } });

async function tokensFor(email: string, password = PASSWORD) {
  const response = await signIn(email, password);
  expect(response.status).toBe(200);
  return response.body as { accessToken: string; refreshToken: string };
}

const change = (token: string, body: unknown) => callRoute(handler, changePassword, { token, body });

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
});

describe('POST /api/auth/password', () => {
  it('stores the new password and clears firstLogin', async () => {
    const { email, employeeId } = await signUp();
    const { accessToken } = await tokensFor(email);
    const response = await change(accessToken, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.status).toBe(204);

    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    const mounted = await callRoute(accountHandler, getMountApp, {
      token: accessToken,
      params: { employeeId },
    });
    expect(mounted.status).toBe(200);
    expect(mounted.body).toMatchObject({ _id: employeeId, firstLogin: false });
  });

  it('answers 400 naming current_password when it is wrong, and changes nothing', async () => {
    const { email, employeeId } = await signUp();
    const { accessToken } = await tokensFor(email);
    const response = await change(accessToken, {
      current_password: 'nao-e-a-senha',
      new_password: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'current_password',
      message: AUTH_MESSAGES.wrongCurrentPassword,
    });
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    const mounted = await callRoute(accountHandler, getMountApp, {
      token: accessToken,
      params: { employeeId },
    });
    expect(mounted.body).toMatchObject({ firstLogin: true });
  });

  it.each([
    ['shorter than 8 characters', 'curta12'],
    ['equal to the current one', PASSWORD],
  ])('answers 400 naming new_password when it is %s', async (_, newPassword) => {
    const { email } = await signUp();
    const { accessToken } = await tokensFor(email);
    const response = await change(accessToken, { current_password: PASSWORD, new_password: newPassword });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'new_password' });
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('ends the employee’s other sessions and keeps the current one', async () => {
    const { email } = await signUp();
    const other = await tokensFor(email);
    const current = await tokensFor(email);
    const response = await change(current.accessToken, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(response.status).toBe(204);

    expect((await callRoute(accountHandler, getPermissions, { token: other.accessToken })).status).toBe(401);
    const otherRefresh = await callRoute(handler, refreshToken, {
      body: { grant_type: 'refresh_token', refresh_token: other.refreshToken },
    });
    expect(otherRefresh.status).toBe(401);

    expect((await callRoute(accountHandler, getPermissions, { token: current.accessToken })).status).toBe(
      200,
    );
    const currentRefresh = await callRoute(handler, refreshToken, {
      body: { grant_type: 'refresh_token', refresh_token: current.refreshToken },
    });
    expect(currentRefresh.status).toBe(201);
  });

  it('refuses a caller without a token', async () => {
    const response = await callRoute(handler, changePassword, {
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(response.status).toBe(401);
  });
});

describe('password change throttle', () => {
  it('stops current_password guesses after 5 failures, even the right one, like sign-in', async () => {
    const { email } = await signUp();
    const { accessToken } = await tokensFor(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await change(accessToken, {
        current_password: `chute-${attempt}-x`,
        new_password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await change(accessToken, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
