import type { Browser, Page } from 'playwright-core';
import type { TestRuntime } from '../src/testing/runtime.ts';

/**
 * Closes whatever shell modals (notification of the day, review, first login) stand over the page, once the
 * shell has fetched what decides them.
 */
export async function dismissModals(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const open = page.locator('.ant-modal-wrap:visible');
    if ((await open.count()) === 0) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** After a login: the shell is mounted on the home page and nothing stands over it. */
export async function waitForHome(page: Page): Promise<void> {
  await page.waitForURL(/\/app\/home$/);
  await page.getByTestId('home-summary').waitFor();
  await dismissModals(page);
}

/** An access token of the demo company's admin, for setting up through the API what a test does not cover. */
export async function adminToken(runtime: TestRuntime): Promise<string> {
  const admin = runtime.logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('no admin login');
  const response = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A fresh browser context logged in as the demo company's `role`, on the home page. */
export async function openAs(
  browser: Browser,
  runtime: TestRuntime,
  role: 'admin' | 'manager' | 'operator',
): Promise<Page> {
  const login = runtime.logins.find((candidate) => candidate.role === role);
  if (!login) throw new Error(`no ${role} login`);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${runtime.url}/atende/login`);
  await logIn(page, login.email, login.password);
  await waitForHome(page);
  return page;
}

/** An antd message (toast) with exactly `text`, while it is on screen. */
export const notice = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

/** The sign-up confirmation link mailed to `email`, read from the sandbox's SMTP sink (it arrives as the answer does). */
export async function confirmationLink(
  mails: () => readonly { to: string[]; text?: string | undefined }[],
  email: string,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = mails()
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /https?:\/\/\S+#confirm=[\w-]+/.exec(mail.text ?? '')?.[0])
      .find((found) => found !== undefined);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation link was mailed to ${email}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** A trial company signed up through the API and confirmed from its mail; answers the new company's id. */
export async function signUpConfirmed(
  baseUrl: string,
  mails: () => readonly { to: string[]; text?: string | undefined }[],
  body: { account_type: string; company_name: string; name: string; email: string; password: string },
): Promise<string> {
  const started = await fetch(`${baseUrl}/api/trial/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (started.status !== 202) throw new Error(`sign-up answered ${started.status}`);
  const token = new URL(await confirmationLink(mails, body.email)).hash.replace('#confirm=', '');
  const confirmed = await fetch(`${baseUrl}/api/trial/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 201) throw new Error(`confirmation answered ${confirmed.status}`);
  return ((await confirmed.json()) as { employee: { company: string } }).employee.company;
}

/**
 * A site visitor writes through the widget's public API (a new widget channel, a visitor session, one
 * message): a new conversation waits in the queue, without a second browser.
 */
export async function widgetVisitorWrites(
  runtime: TestRuntime,
  visitor: {
    channelLabel: string;
    name: string;
    text: string;
    /** The page the widget runs on and its UTM parameters, as widget.js sends them. */
    origin?: { page?: string; utm?: Record<string, string> };
  },
): Promise<void> {
  const token = await adminToken(runtime);
  const created = await fetch(`${runtime.url}/api/integrations/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'widget', label: visitor.channelLabel }),
  });
  if (created.status !== 201) throw new Error(`widget channel answered ${created.status}`);
  const widget = ((await created.json()) as { _id: string })._id;
  const session = await fetch(`${runtime.url}/api/widget/${widget}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: visitor.name, ...(visitor.origin ? { origin: visitor.origin } : {}) }),
  });
  if (session.status !== 201) throw new Error(`widget session answered ${session.status}`);
  const { token: visitorToken } = (await session.json()) as { token: string };
  const sent = await fetch(`${runtime.url}/api/widget/${widget}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
    body: JSON.stringify({ id: `msg-${Date.now()}`, text: visitor.text }),
  });
  if (sent.status >= 300) throw new Error(`widget message answered ${sent.status}`);
}
