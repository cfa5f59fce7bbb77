import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from './paths.ts';

/** esbuild's ESM output has no `require`; some dependencies still call it for Node built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** Where a handler's lazily imported code lands, beside its `index.mjs`. */
const CHUNK_NAMES = 'chunks/[name]-[hash]';

/**
 * How every handler is bundled, for the stack and for the bundle-size check alike: minified ESM for Node.js
 * 22 with the SDK bundled (every function runs the exact versions the tests ran against), and code splitting,
 * so a module a handler imports with `await import()` (PDF.js, mammoth) becomes a chunk loaded on first use
 * instead of part of the `index.mjs` every cold start loads (the WhatsApp worker's image takes them unsplit).
 * `entryPoints` map an output name to its source; a handler's is `index`.
 */
export function lambdaBuildOptions(
  entryPoints: Array<{ in: string; out: string }>,
  outdir: string,
): BuildOptions & { outdir: string } {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: CHUNK_NAMES,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    outExtension: { '.js': '.mjs' },
    minify: true,
    sourcemap: true,
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  };
}
