/**
 * Every journey runs with the store's Content-Security-Policy on, and fails if the browser
 * reports a violation: a script, style, frame or connection the policy would block in a real
 * visitor's browser. Specs import `test` and `expect` from here instead of @playwright/test.
 */
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

export interface CspReport {
  /** What the browser refused during the test; a test that provokes one empties it itself. */
  violations: string[];
}

export const test = base.extend<{ csp: CspReport }>({
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
