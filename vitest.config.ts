import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '#server': fileURLToPath(new URL('./src/server', import.meta.url)),
      '#web': fileURLToPath(new URL('./src/web', import.meta.url)),
      '#tests': fileURLToPath(new URL('./tests', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    // A test file per core. Vitest's default keeps a core for its own process (cores - 1: one
    // worker on a 2-core CI machine), but that process only hands out files and collects results;
    // the test files themselves are CPU-bound (PGlite runs in the worker, PostgreSQL on the same
    // machine), so the last core is better spent on them.
    maxWorkers: availableParallelism(),
    hookTimeout: 60_000,
    // Migrates one database per run that each test database is a copy of.
    globalSetup: ['tests/support/test-database-setup.ts'],
  },
});
