import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The bench's own tests (`npx vitest run --config bench/vitest.config.ts`); the root suite covers src trees.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
