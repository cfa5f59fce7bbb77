import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { type HandlerRef, handlerKey } from '@atende/shared/infra/handlers';
import { QUEUES } from '@atende/shared/infra/queues';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { TABLES } from '@atende/shared/infra/tables';
import { build, type Metafile } from 'esbuild';
import { EMAIL_RECEIPT_HANDLER } from './email.ts';
import { DEFAULT_FUNCTIONS_ROOT, ESM_REQUIRE_BANNER } from './functions.ts';

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
  bytes: number;
  /** Output bytes per contributor: an npm package (`npm:zod`) or a source folder (`functions/src/lib`). */
  contributors: Array<{ name: string; bytes: number }>;
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

/**
 * Bundles every deployed handler exactly as the stack's NodejsFunction does (esbuild, minified ESM for Node.js
 * 22, the SDK bundled, the same banner), in memory and in one esbuild run (shared modules are parsed once),
 * and reports the size of each `index.mjs` and what fills it, largest first. Handlers whose module does not
 * exist yet are skipped, as the stack skips them.
 */
export async function measureBundles(root = DEFAULT_FUNCTIONS_ROOT): Promise<BundleSize[]> {
  const refs = deployedHandlers().filter((ref) => existsSync(path.join(root, `${ref.module}.ts`)));
  const outName = (index: number) => `${index}/index`;
  const result = await build({
    entryPoints: refs.map((ref, index) => ({ in: path.join(root, `${ref.module}.ts`), out: outName(index) })),
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    outExtension: { '.js': '.mjs' },
    outdir: 'bundles',
    metafile: true,
    logLevel: 'silent',
  });
  const sizes = refs.map((ref, index): BundleSize => {
    const suffix = path.join('bundles', `${outName(index)}.mjs`);
    const [outputPath, output] = Object.entries(result.metafile.outputs).find(([file]) =>
      file.endsWith(suffix),
    ) ?? ['', undefined];
    const byName = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      const name = contributorOf(input);
      byName.set(name, (byName.get(name) ?? 0) + bytesInOutput);
    }
    return {
      key: handlerKey(ref),
      bytes: output?.bytes ?? 0,
      contributors: [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
      metafile: { inputs: result.metafile.inputs, outputs: output ? { [outputPath]: output } : {} },
    };
  });
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

/**
 * Why a bundle holds a module: the import chain from the handler's entry to the first input whose path
 * contains `needle` (e.g. `node_modules/exceljs`), shortest first.
 */
export function importChain(metafile: Metafile, needle: string): string[] | undefined {
  const entry = Object.values(metafile.outputs).find((output) => output.entryPoint)?.entryPoint;
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
