import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 11's budget: the JavaScript `/{product}/login` loads before its first paint. */
export const LOGIN_JS_BUDGET_GZIP_BYTES = 250 * 1024;

/** The page module the login route lazy-loads on first paint (web/src/app/router/public-pages.ts). */
const LOGIN_PAGE_MODULE = '/src/features/auth/components/login-page.tsx';

/** What the check reads of a Rollup/Rolldown output chunk. */
export interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
}

export interface LoginJs {
  files: Array<{ fileName: string; gzip: number }>;
  gzip: number;
}

/**
 * The login route's first-paint JavaScript: the HTML entry and every chunk it imports statically (the
 * modulepreloads of index.html), plus the login page's chunk and its static imports; each file as written
 * (after every plugin and the minifier) gzipped at level 9.
 */
export function loginJs(
  bundle: Readonly<Record<string, BuiltChunk>>,
  contentOf: (fileName: string) => Uint8Array | string,
): LoginJs {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const roots = chunks.filter(
    (chunk) =>
      (chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) ||
      chunk.facadeModuleId?.endsWith(LOGIN_PAGE_MODULE),
  );
  if (roots.length !== 2) throw new Error(`login budget: expected the HTML entry and the login page chunk`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of bundle[fileName]?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  const files = [...seen]
    .map((fileName) => ({ fileName, gzip: gzipSync(contentOf(fileName), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The build's line about the figure; `over` fails the build. */
export function budgetReport({ files, gzip }: LoginJs, budget: number): { over: boolean; message: string } {
  const summary = `/login initial JavaScript: ${kb(gzip)} gzip in ${files.length} files (budget ${kb(budget)})`;
  if (gzip <= budget) return { over: false, message: summary };
  const largest = files.slice(0, 8).map((file) => `  ${kb(file.gzip)}  ${file.fileName}`);
  return { over: true, message: `${summary}: over budget. Largest files:\n${largest.join('\n')}` };
}

/** Fails the web build when the login route's first-paint JavaScript outgrows its budget. */
export function loginBudget(budget = LOGIN_JS_BUDGET_GZIP_BYTES): Plugin {
  return {
    name: 'atende-login-budget',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const js = loginJs(bundle as Record<string, BuiltChunk>, (fileName) =>
        readFileSync(join(dir, fileName)),
      );
      const report = budgetReport(js, budget);
      if (report.over) this.error(report.message);
      this.info(report.message);
    },
  };
}
