/**
 * Every journey runs with the store's Content-Security-Policy on, and fails if the browser
 * reports a violation: a script, style, frame or connection the policy would block in a real
 * visitor's browser. It also fails if React reports that a server-rendered page did not
 * hydrate as it was drawn. Specs import `test` and `expect` from here instead of
 * @playwright/test.
 */
import { test as base, expect, type Page } from '@playwright/test';

export * from '@playwright/test';

export interface CspReport {
  /** What the browser refused during the test; a test that provokes one empties it itself. */
  violations: string[];
}

/**
 * What React says in the browser when hydration goes wrong: the production build's numbered
 * errors (418 mismatch, 419 a boundary the server could not finish, 422/423/425 recovery) and
 * the words of the development build.
 */
const HYDRATION_PROBLEM = /Minified React error #4(?:18|19|2[0-9])\b|hydrat|did not match/i;

/**
 * Until the app marks the page interactive (components/shell/page-ready.tsx). A page that never
 * will (a file, an error) is left to the test's own expectations after a while.
 */
const untilReady = (page: Page) =>
  page
    .waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);

const interactive = new WeakSet<Page>();

/**
 * A server-rendered page shows its buttons before its code runs: goto() and reload() wait until
 * the app has taken the page over, as a visitor's click would need. Every page a journey opens
 * gets this, the second browser's as well as the fixture's own.
 */
function waitForTheAppOn(page: Page) {
  if (interactive.has(page)) return;
  interactive.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilReady(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilReady(page);
    return response;
  };
}

export const test = base.extend<{ csp: CspReport; hydration: string[] }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        context.on('page', waitForTheAppOn);
        return context;
      };
      browser.newPage = async (...args) => {
        const page = await newPage(...args);
        waitForTheAppOn(page);
        return page;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    waitForTheAppOn(page);
    await use(page);
  },
  hydration: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type()) && HYDRATION_PROBLEM.test(message.text()))
          problems.push(`${message.text()} (on ${page.url()})`);
      });
      page.on('pageerror', (error) => {
        if (HYDRATION_PROBLEM.test(error.message))
          problems.push(`${error.message} (on ${page.url()})`);
      });
      await use(problems);
      expect(problems, 'React hydration problems').toEqual([]);
    },
    { auto: true },
  ],
  csp: [
    async ({ page }, use) => {
      const report: CspReport = { violations: [] };
      await page.exposeFunction('__reportCspViolation', (line: string) => {
        report.violations.push(line);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation(line: string): void })
            .__reportCspViolation;
          const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
          report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
        });
      });
      await use(report);
      expect(report.violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
