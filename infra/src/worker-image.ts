import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { lambdaBuildOptions } from './lambda-build.ts';
import { REPO_ROOT } from './paths.ts';

export interface WorkerImageOptions {
  /** The worker's entry module (a .ts file under functions/src). */
  entry: string;
  /**
   * Packages left out of the bundle and installed in the image at the versions the repo has installed:
   * Baileys is ESM that loads its WebAssembly and optional media helpers at run time, which a bundle breaks.
   */
  external: readonly string[];
  /** False when the stack is synthesized without bundling (tests): only the Dockerfile is written. */
  bundle: boolean;
}

const DOCKERFILE = `FROM public.ecr.aws/docker/library/node:22-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY index.mjs* ./
USER node
CMD ["node", "--enable-source-maps", "index.mjs"]
`;

/** The version of a package installed in the repo, so the image runs what the tests ran against. */
function installedVersion(name: string): string {
  const manifest = path.join(REPO_ROOT, 'node_modules', name, 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${manifest} has no version`);
  return version;
}

/**
 * A Docker build context for the worker, made at synth time like the functions' local bundling: esbuild
 * bundles the entry (no Docker needed to synthesize), a package.json pins the external packages and a
 * Dockerfile installs them on Node.js 22. Docker only runs at deploy time, when CDK builds the image asset.
 */
export function workerImageContext(options: WorkerImageOptions): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atende-worker-image-'));
  writeFileSync(path.join(dir, 'Dockerfile'), DOCKERFILE);
  const dependencies = Object.fromEntries(options.external.map((name) => [name, installedVersion(name)]));
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'atende-worker', private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  if (!options.bundle) return dir;
  buildSync({
    ...lambdaBuildOptions([{ in: options.entry, out: 'index' }], dir),
    // One file: the image copies index.mjs (and its map) only.
    splitting: false,
    external: [...options.external],
  });
  return dir;
}
