import { defineConfig } from 'vitest/config';

/** End-to-end tests: headless Chromium against the local runtime, one file at a time. */
export default defineConfig({
  test: {
    root: './scripts',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
