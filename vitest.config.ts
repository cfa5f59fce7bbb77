import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'functions',
          root: './functions',
          include: ['src/**/*.test.ts'],
          globalSetup: ['../scripts/src/testing/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
