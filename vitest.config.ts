import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '#server': fileURLToPath(new URL('./src/server', import.meta.url)),
      '#web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates one database per run that each test database is a copy of.
    globalSetup: ['tests/support/test-database-setup.ts'],
  },
});
