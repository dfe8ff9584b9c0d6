import { defineConfig } from 'vitest/config';

// The browser suite: driven by scripts/test-e2e.mjs, which builds, starts the gateway and sets
// YOMAN_E2E_BASE_URL. One file at a time: the machines have two cores and Chromium is heavy.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    // The shell's specs are *.e2e.ts; remote teams add theirs as *.spec.ts beside them.
    include: ['**/*.e2e.ts', '**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
