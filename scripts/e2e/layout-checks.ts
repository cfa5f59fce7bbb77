import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { SCREEN } from '@atende/shared/domain/constants';

/** The widths of spec point 1: a phone, a tablet (mobile ends at 768) and a desktop. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

/** A text this narrow that wraps onto several lines is unreadable (a phone number one digit per line). */
const SQUEEZED_PX = 30;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's own source, in the page: the checks are the library's, not ours. Needs a context with bypassCSP.
 * Transitions and animations are stopped, as screenshot tests do: a colour or a width read halfway through
 * antd's 0.2 s transitions (a menu collapsing after a resize) is neither the old state nor the new one.
 */
export async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (present) return;
  await page.addScriptTag({ content: axeSource });
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
}

/**
 * Waits until the route's page rendered (its title set) and no spinner or skeleton is left on screen; answers
 * false when the route failed instead (the router's error page).
 */
export async function settle(page: Page, title: string, pattern?: string): Promise<boolean> {
  await page
    .waitForFunction(
      ([wanted, pattern]) =>
        (document.title === wanted && (!pattern || document.documentElement.dataset.route === pattern)) ||
        document.querySelector('[data-testid="error-page-code"]'),
      [title, pattern] as const,
      { timeout: 15_000 },
    )
    .catch(async () => {
      const seen = await page.evaluate(() => `${window.location.pathname} titled "${document.title}"`);
      throw new Error(`waited for a page titled "${title}", ${seen}`);
    });
  if (await page.getByTestId('error-page-code').isVisible()) return false;
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('.ant-spin-spinning, .ant-skeleton-active');
      const state = window as unknown as { settledSince?: number };
      if (busy) {
        state.settledSince = undefined;
        return false;
      }
      state.settledSince ??= performance.now();
      return performance.now() - state.settledSince > 200;
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  return true;
}

interface LayoutFindings {
  sideways: number;
  /** The innermost element reaching furthest past the right edge, to say where to look. */
  culprit: string;
  squeezed: string[];
  /** antd tables on screen at a phone's width, where rows show as cards (web/src/components/responsive-table). */
  tables: string[];
}

/** Sideways scroll of the page itself and texts wrapped onto 3+ lines none of which is 30 px wide. */
function measureLayout(page: Page): Promise<LayoutFindings> {
  return page.evaluate(
    ([limit, mobileMax]) => {
      const root = document.documentElement;
      const sideways = Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
      let culprit = '';
      if (sideways > 0) {
        let furthest = root.clientWidth;
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          const right = element.getBoundingClientRect().right;
          if (right >= furthest) {
            furthest = right;
            culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} ${element.getAttribute('data-testid') ?? ''}`;
          }
        }
      }
      const squeezed: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        if (text.length < 4) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
        if (lines.length >= 3 && Math.max(...lines.map((rect) => rect.width)) < limit) {
          squeezed.push(text.slice(0, 40));
        }
      }
      const tables =
        window.innerWidth > mobileMax
          ? []
          : Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))
              .filter((table) => table.offsetParent !== null)
              .map((table) => table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table');
      return { sideways, culprit, squeezed, tables };
    },
    [SQUEEZED_PX, SCREEN.mobileMax] as const,
  );
}

/** `all`: layout, every WCAG A/AA rule; `contrast`: colour contrast only (what a theme changes). */
export type CheckScope = 'all' | 'contrast';

/** axe-core over the whole document: every colour-contrast failure and every critical violation. */
async function runAxe(page: Page, scope: CheckScope): Promise<string[]> {
  const results = await page.evaluate(async (contrastOnly) => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    // WCAG A/AA rules only: best-practice rules (landmarks, headings order) are not what this test asserts.
    const runOnly = contrastOnly
      ? { type: 'rule', values: ['color-contrast'] }
      : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] };
    return (await axe.run(document, { resultTypes: ['violations'], runOnly })) as AxeResults;
  }, scope === 'contrast');
  return results.violations
    .filter((violation) => violation.id === 'color-contrast' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${violation.id} (${violation.impact}) ${node.html.slice(0, 120)}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        )
        .concat(violation.nodes.length > 3 ? [`${violation.id}: … ${violation.nodes.length - 3} more`] : []),
    );
}

/** Every problem of the page as it is now on screen, each prefixed with where it was seen. */
export async function checkPage(page: Page, where: string, scope: CheckScope = 'all'): Promise<string[]> {
  await injectAxe(page);
  const problems: string[] = [];
  if (scope === 'contrast') return (await runAxe(page, scope)).map((problem) => `${where}: ${problem}`);
  const layout = await measureLayout(page);
  if (layout.sideways > 0) problems.push(`scrolls sideways by ${layout.sideways}px (${layout.culprit})`);
  for (const text of layout.squeezed) problems.push(`text squeezed under ${SQUEEZED_PX}px: "${text}"`);
  for (const table of layout.tables) problems.push(`a table instead of cards on a phone (${table})`);
  problems.push(...(await runAxe(page, scope)));
  return problems.map((problem) => `${where}: ${problem}`);
}
