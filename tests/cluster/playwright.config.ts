import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium';

/**
 * The cluster journeys (npm run test:cluster, cluster.ts), in Debian's Chromium like the main
 * journeys, against nginx in front of two servers that cluster.ts has started. One at a time,
 * in file order: the last one stops a server.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  reporter: [['list']],
  use: {
    baseURL: process.env.CLUSTER_PROXY_URL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
