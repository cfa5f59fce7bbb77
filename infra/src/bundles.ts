import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { type HandlerRef, handlerKey } from '@atende/shared/infra/handlers';
import { QUEUES } from '@atende/shared/infra/queues';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { TABLES } from '@atende/shared/infra/tables';
import { context, type Metafile } from 'esbuild';
import { EMAIL_RECEIPT_HANDLER } from './email.ts';
import { DEFAULT_FUNCTIONS_ROOT } from './functions.ts';
import { lambdaBuildOptions } from './lambda-build.ts';

/** Issue 11's budget: a minified handler bundle above this costs cold start (about 23 ms per 146 KB). */
export const BUNDLE_BUDGET_BYTES = 1_000_000;

/** Every handler the product deploys as a Lambda, the way the stack gathers them from shared's definitions. */
export function deployedHandlers(): HandlerRef[] {
  const refs = new Map<string, HandlerRef>();
  const add = (ref: HandlerRef) => refs.set(handlerKey(ref), ref);
  for (const domain of Object.values(DOMAINS)) add(domain.handler);
  for (const queue of QUEUES) add(queue.consumer.handler);
  for (const table of TABLES) if (table.stream) add(table.stream.handler);
  for (const schedule of SCHEDULES) add(schedule.handler);
  add(WEBSOCKET_API.handler);
  add(WEBSOCKET_API.authorizer);
  add(EMAIL_RECEIPT_HANDLER);
  return [...refs.values()];
}

export interface BundleSize {
  key: string;
  /** What a cold start loads: the handler's `index.mjs` and the chunks it imports statically. */
  bytes: number;
  /** Chunks the handler loads on first use (`await import()`), on top of `bytes`. */
  lazyBytes: number;
  /** Bytes of `bytes` per contributor: an npm package (`npm:zod`) or a source folder (`functions/src/lib`). */
  contributors: Array<{ name: string; bytes: number }>;
  /** The same for `lazyBytes`. */
  lazyContributors: Array<{ name: string; bytes: number }>;
  metafile: Metafile;
}

/** A package name for node_modules paths, else the first three path segments (repo-relative). */
function contributorOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return `npm:${pkg[1] as string}`;
  return path
    .relative(path.dirname(path.dirname(DEFAULT_FUNCTIONS_ROOT)), path.resolve(input))
    .split(path.sep)
    .slice(0, 3)
    .join('/');
}

type Outputs = Metafile['outputs'];

/** The output files `from` loads, following imports of the given kinds (`from` included). */
function closure(outputs: Outputs, from: string[], kinds: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !outputs[file]) continue;
    seen.add(file);
    for (const next of outputs[file]?.imports ?? []) if (kinds.has(next.kind)) pending.push(next.path);
  }
  return seen;
}

function bytesOf(outputs: Outputs, files: Iterable<string>): number {
  return [...files].reduce((total, file) => total + (outputs[file]?.bytes ?? 0), 0);
}

function contributorsOf(outputs: Outputs, files: Iterable<string>): Array<{ name: string; bytes: number }> {
  const byName = new Map<string, number>();
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
      const name = contributorOf(input);
      byName.set(name, (byName.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

const STATIC = new Set(['import-statement']);
const ANY = new Set(['import-statement', 'dynamic-import']);

/** The module a rebuild of measureBundles' esbuild context bundles: the handler being measured. */
const HANDLER_ENTRY = 'atende-handler-entry';

/**
 * Bundles every deployed handler alone, with the stack's own esbuild options (lambda-build.ts) and in memory,
 * and reports what each loads at cold start and on first use, and what fills it, largest first. One esbuild
 * context rebuilds with each handler in turn as its entry, so the modules they share are parsed once. (One
 * build over every handler would split the code they share into chunks of its own, which no deployed bundle
 * has: 7 % larger for the inbound consumer.) Handlers whose module does not exist yet are skipped, as the
 * stack skips them.
 */
export async function measureBundles(root = DEFAULT_FUNCTIONS_ROOT): Promise<BundleSize[]> {
  const refs = deployedHandlers().filter((ref) => existsSync(path.join(root, `${ref.module}.ts`)));
  let current = '';
  const ctx = await context({
    ...lambdaBuildOptions([{ in: HANDLER_ENTRY, out: 'index' }], 'bundle'),
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'current-handler',
        setup(plugin) {
          plugin.onResolve({ filter: new RegExp(`^${HANDLER_ENTRY}$`) }, () => ({ path: current }));
        },
      },
    ],
  });
  const sizes: BundleSize[] = [];
  try {
    for (const ref of refs) {
      current = path.join(root, `${ref.module}.ts`);
      const { metafile } = await ctx.rebuild();
      const { outputs } = metafile;
      const entry = Object.keys(outputs).find((file) => file.endsWith(path.join('bundle', 'index.mjs')));
      const loaded = closure(outputs, entry ? [entry] : [], STATIC);
      const lazy = [...closure(outputs, [...loaded], ANY)].filter((file) => !loaded.has(file));
      sizes.push({
        key: handlerKey(ref),
        bytes: bytesOf(outputs, loaded),
        lazyBytes: bytesOf(outputs, lazy),
        contributors: contributorsOf(outputs, loaded),
        lazyContributors: contributorsOf(outputs, lazy),
        metafile,
      });
    }
  } finally {
    await ctx.dispose();
  }
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

/**
 * Why a bundle holds a module: the import chain from the handler's entry to the first input whose path
 * contains `needle` (e.g. `node_modules/exceljs`), shortest first.
 */
export function importChain(metafile: Metafile, needle: string): string[] | undefined {
  // A chunk loaded on first use has an entry point of its own (the module imported): start from index.mjs.
  const entry = Object.entries(metafile.outputs).find(
    ([file, output]) => output.entryPoint && path.basename(file) === 'index.mjs',
  )?.[1].entryPoint;
  if (!entry) return undefined;
  const previous = new Map<string, string | undefined>([[entry, undefined]]);
  const pending = [entry];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (file.includes(needle)) {
      const chain: string[] = [];
      for (let step: string | undefined = file; step !== undefined; step = previous.get(step)) {
        chain.unshift(step);
      }
      return chain;
    }
    for (const { path: next } of metafile.inputs[file]?.imports ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      pending.push(next);
    }
  }
  return undefined;
}
