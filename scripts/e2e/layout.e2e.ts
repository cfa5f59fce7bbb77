import { THEME_COLORS } from '@atende/shared/domain/constants';
import { APP_ROUTES, type AppRoute } from '@atende/shared/routes/app-routes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent, type DemoContent } from '../src/seed/demo-content.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { type CheckScope, checkPage, settle, WIDTHS } from './layout-checks.ts';
import { dismissModals, logIn, waitForHome } from './pages.ts';

/*
 * Which pages this checks: every shell route of shared's APP_ROUTES whose entry in the route catalogue
 * (web/src/app/router/pages.ts, SHELL_PAGES) exists. A page joins by being added there, nothing else; a route
 * without an entry renders the placeholder (`<html data-screen="placeholder">`) and is skipped. Routes that
 * render one screen (the chat routes) are checked once, by the screen's name (the lazyPage export name).
 * A required route parameter gets a demo record (smartTagId, wallet_selected) or a value naming nothing, so
 * the page's not-found state is what gets checked; the demo admin must reach every page (no redirect).
 */
let runtime: TestRuntime;
let browser: Browser;
let page: Page;
let content: DemoContent;

/**
 * The default theme and "Roxo escuro", the dark one users reported unreadable. The light pass checks everything;
 * the dark pass checks colour contrast, the only thing a theme changes (layout and ARIA are the same markup).
 * All ten themes' tokens are held to AA by web/src/app/shell/theme-tokens.test.ts, and in the browser on the key
 * pages below.
 */
const THEMES = ['light.blue', 'dark.purple'] as const;

/**
 * The URL a route pattern is visited at: optional parameters and trailing wildcards are left out, a required
 * parameter takes a record of the demo company when one fits (else a value that names nothing, so the page
 * shows its not-found state, which must be readable too).
 */
function visitPath(route: AppRoute): string {
  const samples: Record<string, string> = {
    smartTagId: content.smartTagId,
    wallet_selected: content.walletId,
  };
  return route.path
    .split('/')
    .flatMap((segment) => {
      if (segment === '*' || (segment.startsWith(':') && segment.endsWith('?'))) return [];
      if (segment.startsWith(':')) return [samples[segment.slice(1)] ?? 'e2e-layout'];
      return [segment];
    })
    .join('/');
}

/** A client-side navigation, as a menu click does: one login and one loaded app for every page. */
async function goTo(path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Signs the demo admin in unless an earlier test of this file already did (each test can run alone). */
async function signedIn(): Promise<void> {
  if (new URL(page.url()).pathname.startsWith('/app/')) return;
  const admin = runtime.logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('no admin login');
  await page.goto(`${runtime.url}/atende/login`);
  await logIn(page, admin.email, admin.password);
  await waitForHome(page);
}

/**
 * Picks a theme from the header's menu on a fresh load: axe's injected style stops animations, and antd's
 * dropdown waits for its opening animation to end before it shows its items.
 */
async function chooseTheme(theme: string): Promise<void> {
  await page.goto(`${runtime.url}/app/home`);
  await dismissModals(page);
  await page.getByTestId('theme-picker').click();
  await page.getByTestId(`theme-${theme}`).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
  // Nothing stays hovered by chance where the menu was.
  await page.mouse.move(0, 0);
}

/** Every width for the page on screen now. */
async function checkWidths(where: string, scope: CheckScope = 'all'): Promise<string[]> {
  const problems: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    problems.push(...(await checkPage(page, `${where} @${size.width}`, scope)));
  }
  return problems;
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  content = await seedDemoContent(runtime.url, await seedDemo());
  browser = await launchBrowser();
  // axe-core is injected as a script tag, which the product's CSP (rightly) refuses from anyone but itself.
  page = await (await browser.newContext({ bypassCSP: true })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

describe('layout and contrast of every page', () => {
  it('the login page fits a phone, a tablet and a desktop, and reads at AA contrast', async () => {
    await page.goto(`${runtime.url}/atende/login`);
    await page.getByTestId('login-form').waitFor();
    expect(await checkWidths('/atende/login')).toEqual([]);
  });

  it('every page of the route catalogue at 390, 768 and 1440 px, in a light and a dark theme', async () => {
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('no admin login');
    await logIn(page, admin.email, admin.password);
    await waitForHome(page);

    const routes = APP_ROUTES.filter((route) => route.shell && !route.redirectTo);
    const placeholders = new Set<string>();
    const checked = new Set<string>();
    const problems: string[] = [];
    const errors: string[] = [];
    let reload = false;
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text().slice(0, 300));
    });
    for (const theme of THEMES) {
      await page.setViewportSize(WIDTHS[2]);
      reload = false;
      await chooseTheme(theme);
      for (const route of routes) {
        const path = visitPath(route);
        if (placeholders.has(path)) continue;
        errors.length = 0;
        if (reload) {
          // The router's error page stands until a new load; a failed route must not mask the next one.
          await page.goto(`${runtime.url}${path}`);
          await dismissModals(page);
          reload = false;
        } else await goTo(path);
        if (!(await settle(page, route.title, route.path))) {
          problems.push(`${path} ${theme}: the page failed to render: ${errors.join(' | ')}`);
          reload = true;
          continue;
        }
        const { landed, screen } = await page.evaluate(() => ({
          landed: window.location.pathname,
          screen: document.documentElement.dataset.screen ?? '',
        }));
        // The catalogue (web/src/app/router/pages.ts) has no screen for this route yet: its empty area shows.
        if (screen === 'placeholder') {
          placeholders.add(path);
          continue;
        }
        if (landed !== path) {
          problems.push(`${path}: the demo admin was sent to ${landed}`);
          continue;
        }
        // Several routes render one screen (every chat route is the inbox): each screen is checked once.
        if (checked.has(`${theme} ${screen}`)) continue;
        checked.add(`${theme} ${screen}`);
        problems.push(...(await checkWidths(`${path} ${theme}`, theme === THEMES[0] ? 'all' : 'contrast')));
      }
    }
    console.log(
      `layout: ${checked.size / 2} screens checked, ${placeholders.size} placeholder routes skipped`,
    );
    expect(checked.size).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  }, 600_000);

  it('the brand leads the menu, and the help menu opens the shipped manual and updates pages', async () => {
    await page.setViewportSize(WIDTHS[2]);
    await goTo('/app/home');
    await settle(page, 'Início');
    await expect.poll(() => page.getByTestId('sider-brand').isVisible()).toBe(true);
    const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));
    expect((await fetch(`${runtime.url}${icon ?? '/missing'}`)).headers.get('content-type')).toContain('svg');

    await page.getByTestId('menu-help').click();
    await page.getByTestId('menu-help.updates').waitFor();
    const opened = page.context().waitForEvent('page');
    await page.getByTestId('menu-help.manual').click();
    const manual = await opened;
    await manual.getByRole('heading', { name: 'Manual do Atende' }).waitFor();
    expect(new URL(manual.url()).pathname).toBe('/ajuda/manual.html');
    await manual.setViewportSize(WIDTHS[0]);
    const problems = await checkPage(manual, '/ajuda/manual.html @390');
    await manual.close();
    expect(problems).toEqual([]);
  });

  it('the chat on a phone shows one pane at a time, list → conversation → details and back, readable in the dark', async () => {
    // Runs after the catalogue test: signed in, the dark theme chosen.
    await page.setViewportSize(WIDTHS[0]);
    await goTo('/app/chat');
    await settle(page, 'Chat');
    await page.getByTestId('conversation-tab-all').click();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBeGreaterThan(0);
    const problems = await checkPage(page, 'chat list @390 dark.purple');

    await page.getByTestId('conversation-item').first().click();
    await page.getByTestId('chat-pane-conversation').waitFor();
    await page.getByTestId('message-item').first().waitFor();
    expect(await page.getByTestId('conversation-list').isVisible()).toBe(false);
    problems.push(...(await checkPage(page, 'chat conversation @390 dark.purple')));

    await page.getByTestId('chat-show-details').click();
    await page.getByTestId('side-panel').waitFor();
    expect(await page.getByTestId('conversation-view').isVisible()).toBe(false);
    problems.push(...(await checkPage(page, 'chat details @390 dark.purple')));

    await page.getByTestId('chat-back').click();
    await page.getByTestId('conversation-view').waitFor();
    await page.getByTestId('chat-back').click();
    await page.getByTestId('conversation-list').waitFor();
    expect(await page.evaluate(() => new URL(window.location.href).searchParams.has('conversation'))).toBe(
      false,
    );
    expect(problems).toEqual([]);
  });

  it('all ten themes read at AA contrast on the chat (a conversation open), contacts and company settings', async () => {
    await page.setViewportSize(WIDTHS[2]);
    await signedIn();
    const problems: string[] = [];
    for (const theme of THEME_COLORS) {
      await chooseTheme(theme);
      await goTo('/app/chat');
      await settle(page, 'Chat');
      await page.getByTestId('conversation-tab-all').click();
      await page.getByTestId('conversation-item').first().click();
      await page.getByTestId('message-item').first().waitFor();
      problems.push(...(await checkPage(page, `chat ${theme}`, 'contrast')));
      for (const [path, title] of [
        ['/app/contacts', 'Contatos'],
        ['/app/settings/company', 'Configurações da empresa'],
      ] as const) {
        await goTo(path);
        await settle(page, title);
        problems.push(...(await checkPage(page, `${path} ${theme}`, 'contrast')));
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the main create modals and drawers fit a phone and read at AA, in a light and a dark theme', async () => {
    const dialogs = [
      { path: '/app/contacts/wallets', title: 'Carteiras', open: 'wallet-add' },
      { path: '/app/contacts/tags', title: 'Tags', open: 'tag-add' },
      { path: '/app/contacts', title: 'Contatos', open: 'contact-add' },
      { path: '/app/integrations/webhooks', title: 'Webhooks', open: 'webhook-add' },
      { path: '/app/broadcast/audience-lists', title: 'Segmentação', open: 'csv-audience-open' },
    ];
    const open = page.locator('[role="dialog"]').filter({ visible: true });
    await signedIn();
    const problems: string[] = [];
    for (const theme of THEMES) {
      // The light pass checks layout and every WCAG rule on a phone; the dark one colour contrast on a desktop.
      await page.setViewportSize(WIDTHS[2]);
      await chooseTheme(theme);
      if (theme === THEMES[0]) await page.setViewportSize(WIDTHS[0]);
      for (const dialog of dialogs) {
        // A fresh load per dialog: axe's injected style stops animations, and antd's modals and drawers open
        // (and close) through one.
        await page.goto(`${runtime.url}${dialog.path}`);
        await settle(page, dialog.title);
        await dismissModals(page);
        await page.getByTestId(dialog.open).click();
        await open.first().waitFor();
        await settle(page, dialog.title);
        const scope = theme === THEMES[0] ? 'all' : 'contrast';
        problems.push(...(await checkPage(page, `${dialog.open} dialog ${theme}`, scope)));
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
