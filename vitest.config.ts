import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The functions test files that replace modules (`vi.mock`, `vi.resetModules`): they need a module registry of
 * their own. The others share their worker's (`isolate: false`), so the SDK, zod and the domain modules load
 * once per worker instead of once per file (a third of the functions files' time here); their setup file puts
 * back what a file changed in the process (functions/src/testing/between-files.ts).
 */
const functionsRoot = join(import.meta.dirname, 'functions');
const replacesModules = readdirSync(join(functionsRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('src', file))
  .filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(join(functionsRoot, file), 'utf8')),
  );

const functionsProject = {
  root: './functions',
  globalSetup: ['../scripts/src/testing/dynamodb-global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** One `npm test` runs every workspace's unit and integration tests. */
export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Two files at a time on the team's 2-core machines (vitest's default there is one), each on its own
    // DynamoDB Local (scripts/src/testing/dynamodb-global-setup.ts starts one per worker): 725 s for the whole
    // suite here, against 1,852 s with one worker and 1,030 s with two workers sharing one emulator.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.ts'],
          // Pure functions over schemas and constants: nothing a file could leave behind for the next.
          isolate: false,
        },
      },
      {
        test: {
          ...functionsProject,
          name: 'functions',
          include: ['src/**/*.test.ts'],
          exclude: replacesModules,
          isolate: false,
          setupFiles: ['src/testing/between-files.ts'],
        },
      },
      {
        test: { ...functionsProject, name: 'functions-isolated', include: replacesModules },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/testing/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          root: './infra',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
        },
      },
    ],
  },
});
