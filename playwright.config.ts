import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3111);

/** Journeys in Debian's Chromium (never a downloaded browser) against the built app. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey takes 2–20 s here; CI machines have run them 2.5 times slower (an axe check at two
  // widths, twice, took the player's journey past 30 s there).
  timeout: 60_000,
  // An expectation waits up to 10 s (Playwright's default is 5): CI runs Vitest on the embedded
  // database beside the journeys on two cores.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed journey keeps its trace: each action with the page's DOM before and after, which
    // the trace viewer draws. Not the screencast beside them: encoding its frames kept the
    // browser's compositor busy through every journey, passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
  },
  webServer: {
    command: 'tsx tests/e2e/serve.ts',
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
